import { randomBytes } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../../infra/local/tables.ts';
import { dynamoAuditLog } from '../../../shared/db/entities/audit.ts';
import { dynamoLoginStateStore, loginStateKeys } from '../../../shared/db/entities/login-state.ts';
import { dynamoOneTimeCodeStore } from '../../../shared/db/entities/one-time-code.ts';
import { auditTable } from '../../../shared/db/tables.ts';
import { type DynamoWrite, isDynamoWrite } from '../../../shared/db/transaction.ts';
import { type ActorType, type AuditRecord, buildAuditRecord } from '../../../shared/domain/audit/model.ts';
import { uuidV7 } from '../../../shared/domain/booking/ids.ts';
import { ValidationError } from '../../../shared/domain/errors.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient, dynamoClient } from '../../support/aws.ts';

const client = documentClient();
const mainTable = () => ({ tableName: endpoints().tables.main, client: () => client });
const unique = () => randomBytes(8).toString('hex');

async function commit(...writes: StagedWrite[]) {
  const items = writes.filter(isDynamoWrite).map((write: DynamoWrite) => write.item);
  await client.send(new TransactWriteCommand({ TransactItems: items }));
}

describe('login states in DynamoDB', () => {
  const future = () => new Date(Date.now() + 600_000).toISOString();

  it('gives a login back once, then never again', async () => {
    const store = dynamoLoginStateStore(mainTable());
    const login = {
      stateId: unique(),
      codeVerifier: randomBytes(32).toString('base64url'),
      nonce: unique(),
      expiresAt: future(),
    };
    await store.save(login);
    expect(await store.consume(login.stateId, new Date())).toEqual(login);
    expect(await store.consume(login.stateId, new Date())).toBeUndefined();
  });

  it('gives a login to exactly one of several concurrent callbacks', async () => {
    const store = dynamoLoginStateStore(mainTable());
    const login = { stateId: unique(), codeVerifier: unique(), nonce: unique(), expiresAt: future() };
    await store.save(login);
    const taken = await Promise.all(
      Array.from({ length: 5 }, () => store.consume(login.stateId, new Date())),
    );
    expect(taken.filter((result) => result !== undefined)).toEqual([login]);
  });

  it('refuses an expired login that TTL has not deleted yet, and stores its TTL in epoch seconds', async () => {
    const store = dynamoLoginStateStore(mainTable());
    const expiresAt = new Date(Date.now() - 1000);
    const login = {
      stateId: unique(),
      codeVerifier: unique(),
      nonce: unique(),
      expiresAt: expiresAt.toISOString(),
    };
    await store.save(login);
    expect(await store.consume(login.stateId, new Date())).toBeUndefined();
    const { Item } = await client.send(
      new GetCommand({ TableName: endpoints().tables.main, Key: loginStateKeys(login.stateId) }),
    );
    expect(Item?.ttl).toBe(Math.ceil(expiresAt.getTime() / 1000));
  });

  it('never overwrites a login with the same id', async () => {
    const store = dynamoLoginStateStore(mainTable());
    const login = { stateId: unique(), codeVerifier: unique(), nonce: unique(), expiresAt: future() };
    await store.save(login);
    await expect(store.save({ ...login, codeVerifier: 'attacker' })).rejects.toThrow(/conditional/i);
    expect((await store.consume(login.stateId, new Date()))?.codeVerifier).toBe(login.codeVerifier);
  });
});

describe('one-time codes in DynamoDB', () => {
  const code = (expiresAt: Date) => ({
    codeHash: unique(),
    employeeId: 'ada',
    roles: ['admin' as const],
    codeChallenge: randomBytes(32).toString('base64url').slice(0, 43),
    redirectUri: 'https://console.test/callback',
    expiresAt: expiresAt.toISOString(),
  });

  it('stores a code through a staged write and spends it on the first exchange', async () => {
    const store = dynamoOneTimeCodeStore(mainTable());
    const issued = code(new Date(Date.now() + 60_000));
    await commit(store.save(issued));
    expect(await store.consume(issued.codeHash, new Date())).toEqual(issued);
    expect(await store.consume(issued.codeHash, new Date())).toBeUndefined();
  });

  it('refuses a code past its 60 seconds', async () => {
    const store = dynamoOneTimeCodeStore(mainTable());
    const issued = code(new Date(Date.now() + 60_000));
    await commit(store.save(issued));
    expect(await store.consume(issued.codeHash, new Date(Date.now() + 61_000))).toBeUndefined();
  });
});

describe('the audit log in DynamoDB', () => {
  let log: ReturnType<typeof dynamoAuditLog>;
  const records: AuditRecord[] = [];
  const start = Date.parse('2026-05-01T10:00:00.000Z');

  const entry = (
    minute: number,
    actorId: string,
    action: string,
    targetId: string,
    actorType: ActorType = 'employee',
  ) =>
    buildAuditRecord(
      {
        actor: { type: actorType, id: actorId, roles: actorType === 'employee' ? ['admin'] : [] },
        action,
        target: { type: action.includes('Application') ? 'application' : 'account', id: targetId },
        requestId: `req-${minute}`,
        details: { client_secret: 'ptss_never' },
      },
      uuidV7(new Date(start + minute * 60_000)),
      new Date(start + minute * 60_000),
    );

  beforeAll(async () => {
    const table = await ensureTable(dynamoClient(), auditTable, `Audit-${unique()}`);
    log = dynamoAuditLog({ tableName: table.name, client: () => client });
    records.push(
      entry(0, 'ada', 'createAccount', 'acme'),
      entry(1, 'ada', 'createApplication', 'pts_1'),
      entry(2, 'sam', 'disableAccount', 'acme'),
      entry(3, 'pts_operator', 'createAccount', 'globex', 'application'),
      entry(4, 'ada', 'disableApplication', 'pts_1'),
      entry(5, 'ada', 'createAccount', 'initech'),
    );
    for (const record of records) await commit(log.append(record));
  });

  const ids = (page: { items: AuditRecord[] }) => page.items.map((record) => record.requestId);

  it('lists every record newest first, with the secret redacted', async () => {
    const page = await log.list({ limit: 10 });
    expect(ids(page)).toEqual(['req-5', 'req-4', 'req-3', 'req-2', 'req-1', 'req-0']);
    expect(page.items[0]).toEqual(records[5]);
    expect(JSON.stringify(page.items)).not.toContain('ptss_never');
    expect(page.nextCursor).toBeNull();
  });

  it('filters by actor, by target, by action, and by several at once', async () => {
    expect(ids(await log.list({ actorId: 'ada', limit: 10 }))).toEqual(['req-5', 'req-4', 'req-1', 'req-0']);
    expect(ids(await log.list({ targetId: 'acme', limit: 10 }))).toEqual(['req-2', 'req-0']);
    expect(ids(await log.list({ action: 'createAccount', limit: 10 }))).toEqual(['req-5', 'req-3', 'req-0']);
    expect(ids(await log.list({ actorId: 'ada', action: 'createAccount', limit: 10 }))).toEqual([
      'req-5',
      'req-0',
    ]);
    expect(ids(await log.list({ actorType: 'application', limit: 10 }))).toEqual(['req-3']);
    expect(ids(await log.list({ targetId: 'pts_1', targetType: 'application', limit: 10 }))).toEqual([
      'req-4',
      'req-1',
    ]);
  });

  it('reads only records at or after since', async () => {
    const since = new Date(start + 3 * 60_000).toISOString();
    expect(ids(await log.list({ since, limit: 10 }))).toEqual(['req-5', 'req-4', 'req-3']);
    expect(ids(await log.list({ since, actorId: 'ada', limit: 10 }))).toEqual(['req-5', 'req-4']);
  });

  it('pages with a cursor, every record once, including on an index', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await log.list({ limit: 2, cursor });
      seen.push(...ids(page).map(String));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['req-5', 'req-4', 'req-3', 'req-2', 'req-1', 'req-0']);

    const first = await log.list({ actorId: 'ada', limit: 3 });
    expect(ids(first)).toEqual(['req-5', 'req-4', 'req-1']);
    const second = await log.list({ actorId: 'ada', limit: 3, cursor: first.nextCursor ?? undefined });
    expect(ids(second)).toEqual(['req-0']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a cursor that was altered with a 422 on query.cursor', async () => {
    for (const cursor of [
      'garbage',
      Buffer.from(JSON.stringify({ sk: 'ACCOUNT#x' })).toString('base64url'),
    ]) {
      const error = await log.list({ limit: 2, cursor }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors[0]?.path).toBe('query.cursor');
    }
  });

  it('never overwrites a record', async () => {
    const [first] = records;
    if (!first) throw new Error('no record');
    await expect(commit(log.append({ ...first, action: 'tampered' }))).rejects.toThrow(
      /ConditionalCheckFailed/,
    );
    const page = await log.list({ action: 'tampered', limit: 10 });
    expect(page.items).toEqual([]);
  });
});
