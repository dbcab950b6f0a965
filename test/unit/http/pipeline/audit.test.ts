import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../../shared/domain/audit/model.ts';
import type { AuditLog } from '../../../../shared/domain/audit/ports.ts';
import type { StagedWrite } from '../../../../shared/domain/unit-of-work.ts';
import { actorOf, auditTrail } from '../../../../shared/http/pipeline/audit.ts';
import type { PipelineInternal } from '../../../../shared/http/pipeline/internal.ts';
import type { ApiResult, OperationRun, ParsedRequest } from '../../../../shared/http/pipeline/types.ts';
import type { RouteDefinition } from '../../../../shared/routes/types.ts';
import { employee, eventOf, partner, requestOf, resolved, testRoute } from './support.ts';

interface AppendedWrite extends StagedWrite {
  record: AuditRecord;
}

const memoryAuditLog: AuditLog = {
  append: (record): AppendedWrite => ({ description: `audit ${record.action}`, record }),
  list: async () => ({ items: [], nextCursor: null }),
};

const audited = testRoute({
  operationId: 'createApplication',
  path: '/v2/admin/accounts/{accountID}/applications',
  auth: { scope: 'identity.application:*' },
  audit: {
    target: { type: 'application', responseField: 'client_id' },
    bodyFields: ['name', 'client_secret'],
  },
});
const byParam = testRoute({
  operationId: 'disableAccount',
  audit: { target: { type: 'account', param: 'accountID' } },
});

/** Runs one operation through the middleware: what the commit received. */
async function run(
  route: RouteDefinition,
  result: ApiResult,
  options: { writes?: number; principal?: ParsedRequest['principal']; params?: unknown; body?: unknown } = {},
) {
  const committed: StagedWrite[][] = [];
  const staged: StagedWrite[] = [];
  const internal: PipelineInternal = resolved(route, {
    request: {
      route,
      requestId: 'req-7',
      now: new Date('2030-01-01T00:00:00Z'),
      body: options.body,
      query: undefined,
      params: options.params ?? { accountID: 'acc-1' },
      headers: undefined,
      rawHeaders: {},
      sourceAddress: '127.0.0.1',
      principal: options.principal === undefined ? employee : options.principal,
      clientCertificate: null,
      idempotencyKey: undefined,
    },
    beginRun: (): OperationRun => ({
      uow: { stage: (...writes) => staged.push(...writes) },
      commit: async () => {
        committed.push([...staged]);
        return { statusCode: result.status, body: '' };
      },
    }),
  });
  await auditTrail({ auditLog: () => memoryAuditLog, newId: () => 'record-1' }).before?.(
    requestOf(eventOf(), internal),
  );
  const { uow, commit } = (internal.beginRun as () => OperationRun)();
  for (let index = 0; index < (options.writes ?? 1); index++) uow.stage({ description: `change ${index}` });
  await commit(result);
  const [writes = []] = committed;
  return {
    writes,
    records: writes.filter((write): write is AppendedWrite => 'record' in write).map((write) => write.record),
  };
}

describe('the audit trail', () => {
  it('stages one record after the change, in the same unit of work, naming the employee and the created target', async () => {
    const { writes, records } = await run(
      audited,
      { status: 201, body: { client_id: 'pts_new' } },
      {
        body: { name: 'Booking backend', client_secret: 'ptss_abcdefghijklmnop' },
      },
    );

    expect(writes.map((write) => write.description)).toEqual(['change 0', 'audit createApplication']);
    expect(records).toEqual([
      {
        id: 'record-1',
        at: '2030-01-01T00:00:00.000Z',
        actor: { type: 'employee', id: 'employee-42', roles: ['admin'] },
        action: 'createApplication',
        target: { type: 'application', id: 'pts_new' },
        requestId: 'req-7',
        outcome: 'succeeded',
        reason: null,
        details: {
          path: { accountID: 'acc-1' },
          body: { name: 'Booking backend', client_secret: '[redacted]' },
        },
      },
    ]);
  });

  it('takes the target from the path parameter the route names, and an application as actor', async () => {
    const { records } = await run(byParam, { status: 200, body: {} }, { principal: partner });

    expect(records[0]).toMatchObject({
      actor: { type: 'application', id: 'pts_client', roles: [] },
      target: { type: 'account', id: 'acc-1' },
    });
  });

  it('writes nothing when the operation staged nothing (no change)', async () => {
    const { writes } = await run(byParam, { status: 200, body: {} }, { writes: 0 });

    expect(writes).toEqual([]);
  });

  it('records the 2xx of an operation that commits its own writes, though it staged none', async () => {
    const selfCommitting = testRoute({
      operationId: 'loadEsimPool',
      commitsOwnWrites: true,
      audit: { target: { type: 'account', param: 'accountID' } },
    });

    const { records } = await run(selfCommitting, { status: 201, body: {} }, { writes: 0 });
    const refused = await run(selfCommitting, { status: 422, body: {} }, { writes: 0 });

    expect(records.map((record) => [record.action, record.target])).toEqual([
      ['loadEsimPool', { type: 'account', id: 'acc-1' }],
    ]);
    expect(refused.writes).toEqual([]);
  });

  it('writes nothing for an answer the operation refused', async () => {
    const { records } = await run(byParam, { status: 409, body: {} });

    expect(records).toEqual([]);
  });

  it('leaves routes without an audit declaration alone', async () => {
    const plain = testRoute({ operationId: 'listAccounts' });
    const internal = resolved(plain);

    await auditTrail({ auditLog: () => memoryAuditLog }).before?.(requestOf(eventOf(), internal));

    expect(internal.beginRun).toBeUndefined();
  });

  it("leaves routes declared audit: 'self' alone: their operation stages its own record", async () => {
    const selfAudited = testRoute({ operationId: 'publishCatalog', audit: 'self' });

    const { writes, records } = await run(selfAudited, { status: 200, body: {} });

    expect(writes.map((write) => write.description)).toEqual(['change 0']);
    expect(records).toEqual([]);
  });

  it('names no one when no token proved the caller', () => {
    expect(actorOf(null)).toEqual({ type: 'application', id: null, roles: [] });
  });
});
