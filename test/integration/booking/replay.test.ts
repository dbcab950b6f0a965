import { randomUUID, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProxyEvent, clientCertificateFields } from '../../../infra/local/api-event.ts';
import { lambdaContext } from '../../../infra/local/functions.ts';
import { config } from '../../../shared/config/env.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { endpoints, stage } from '../../support/api.ts';
import { bookingBody, bookingPath, call, create, issuedBooking, partner } from './helpers.ts';

describe('a request replayed with its Idempotency-Key after the state moved on', () => {
  it('gets the stored 202 of a create whose booking was canceled since', async () => {
    const key = randomUUID();
    const first = await create('lounges', { key });
    const bookingId = first.body.booking_id as string;
    const canceled = await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'));

    const replay = await create('lounges', { key });

    expect(canceled.status).toBe(200);
    expect(replay.status).toBe(202);
    expect(replay.headers['idempotency-status']).toBe('reused');
    expect(replay.body).toEqual(first.body);
  });

  it('gets the stored 200 of a confirm, not the 409 a confirm of the canceled booking would get', async () => {
    const bookingId = await issuedBooking('lounges');
    const key = randomUUID();
    const confirm = () =>
      call(partner, 'POST', bookingPath('lounges', bookingId, 'confirm'), {
        headers: { 'idempotency-key': key },
      });
    const first = await confirm();
    const canceled = await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'));

    const replay = await confirm();
    const fresh = await call(partner, 'POST', bookingPath('lounges', bookingId, 'confirm'));

    expect(first.status).toBe(200);
    expect(canceled.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotency-status']).toBe('reused');
    expect(replay.body).toEqual(first.body);
    expect([fresh.status, fresh.body.code]).toEqual([409, 'BookingAlreadyCanceled']);
  });

  it('names its own request id in a replayed problem, as in X-Request-ID', async () => {
    const bookingId = await issuedBooking('lounges');
    await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'));
    const key = randomUUID();
    const confirm = () =>
      call(partner, 'POST', bookingPath('lounges', bookingId, 'confirm'), {
        headers: { 'idempotency-key': key },
      });
    const first = await confirm();

    const replay = await confirm();

    expect(replay.status).toBe(409);
    expect(replay.headers['idempotency-status']).toBe('reused');
    expect(replay.body.request_id).toBe(replay.headers['x-request-id']);
    expect(replay.body.request_id).not.toBe(first.body.request_id);
    expect({ ...replay.body, request_id: undefined }).toEqual({ ...first.body, request_id: undefined });
  });
});

/**
 * The booking function run in this process against the stage's tables, as the gateway runs it, so a
 * replay can meet a failure the stage itself would not produce: the main table gone while the
 * idempotency table still answers. The function is warm (catalog and application status remembered),
 * so the operation reaches its commit, which fails with a 500.
 */
describe('a create replayed while the operation itself fails with a 5xx', () => {
  const saved: Record<string, string | undefined> = {};
  let invoke: (body: unknown, key: string) => Promise<APIGatewayProxyResult>;

  beforeAll(async () => {
    const environment = endpoints().environment;
    for (const name of Object.keys(environment)) saved[name] = process.env[name];
    // Long enough that the status read of the warm-up call covers every call of this file.
    Object.assign(process.env, environment, { PRINCIPAL_STATUS_TTL_SECONDS: '600' });
    resetModuleCaches();
    const { handler } = await import('../../../functions/booking/handler.ts');
    const token = await partner.token();
    const certificate = clientCertificateFields(
      new X509Certificate(readFileSync(stage().partners[0]?.client_cert ?? '', 'utf8')),
    );
    invoke = (body, key) =>
      handler(
        buildProxyEvent({
          method: 'POST',
          path: '/v2/b2b/booking/lounges',
          rawQuery: '',
          rawHeaders: [
            'Host',
            'localhost',
            'Authorization',
            `Bearer ${token}`,
            'Content-Type',
            'application/json',
            'Idempotency-Key',
            key,
          ],
          body: Buffer.from(JSON.stringify(body)),
          resource: '/v2/b2b/booking/lounges',
          pathParameters: null,
          sourceIp: '127.0.0.1',
          clientCert: certificate,
          stage: 'local',
          requestId: randomUUID(),
          now: new Date(),
        }),
        lambdaContext('booking', 29_000, 'eu-west-1'),
      );
  });

  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetModuleCaches();
  });

  /** The runtime config is read once per container: changing it in place points this warm one elsewhere. */
  async function withoutMainTable<T>(run: () => Promise<T>): Promise<T> {
    const settings = config();
    const table = settings.mainTableName;
    settings.mainTableName = 'no-such-table';
    try {
      return await run();
    } finally {
      settings.mainTableName = table;
    }
  }

  it('answers the stored 202 instead of the failure', async () => {
    const key = randomUUID();
    const body = bookingBody('lounges');
    const first = await invoke(body, key);

    const failing = await withoutMainTable(() => invoke(body, randomUUID()));
    const replay = await withoutMainTable(() => invoke(body, key));

    expect(first.statusCode).toBe(202);
    expect(failing.statusCode).toBe(500);
    expect(replay.statusCode).toBe(202);
    expect(replay.headers?.['Idempotency-Status']).toBe('reused');
    expect(JSON.parse(replay.body)).toEqual(JSON.parse(first.body));
  });

  it('answers IdempotencyConflict when the failing request’s body differs from the stored one', async () => {
    const key = randomUUID();
    await invoke(bookingBody('lounges'), key);

    const other = await withoutMainTable(() =>
      invoke(bookingBody('lounges', { transport_number: 'LH400' }), key),
    );

    expect(other.statusCode).toBe(409);
    expect(JSON.parse(other.body).code).toBe('IdempotencyConflict');
  });
});
