import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '../../support/api.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { asAdmin, asSupport } from '../../support/employees.ts';
import { type OnboardedPartner, onboardPartner } from '../../support/onboard.ts';

interface RequestRecord {
  request_id: string;
  received_at: string;
  method: string;
  path: string;
  operation_id: string;
  status: number;
  code: string | null;
  duration_ms: number;
  client_id: string;
  idempotency_status: string | null;
}
interface RequestLogPage {
  data: RequestRecord[];
  next_cursor: string | null;
}

const requestId = () => `it-${randomUUID()}`;

/** The partner's own log, filtered. */
const ownLog = (partner: OnboardedPartner, query = '') =>
  partner.call<RequestLogPage>('GET', `/v2/b2b/requests${query ? `?${query}` : ''}`);

/** Polls the partner's log for one request: the record shows within 10 s of the answer. */
async function recorded(partner: OnboardedPartner, id: string): Promise<RequestRecord> {
  return await vi.waitFor(
    async () => {
      const page = await ownLog(partner, `request_id=${id}`);
      expect(page.status).toBe(200);
      const [record] = page.body.data;
      if (!record) throw new Error(`${id} not listed yet`);
      return record;
    },
    { timeout: 10_000, interval: 200 },
  );
}

/** A call whose X-Request-ID names it, so its record can be found. */
async function tracedCall(
  partner: OnboardedPartner,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ id: string; response: ApiResponse }> {
  const id = requestId();
  const response = await partner.call(method, path, {
    ...options,
    headers: { ...options.headers, 'X-Request-ID': id },
  });
  return { id, response };
}

let alpha: OnboardedPartner;
let beta: OnboardedPartner;

beforeAll(async () => {
  [alpha, beta] = await Promise.all([
    onboardPartner(['catalog.lounges:read', 'webhooks'], 'Request log alpha'),
    onboardPartner(['catalog.lounges:read'], 'Request log beta'),
  ]);
});

describe('the request log', () => {
  it('lists a partner request within 10 s, with what happened and nothing more', async () => {
    const started = Date.now();
    const { id, response } = await tracedCall(alpha, 'GET', '/v2/b2b/rate-limits');
    expect(response.status).toBe(200);

    const record = await recorded(alpha, id);

    expect(Date.now() - started).toBeLessThan(10_000);
    expect(record).toEqual({
      request_id: id,
      received_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      method: 'GET',
      path: '/v2/b2b/rate-limits',
      operation_id: 'getRateLimits',
      status: 200,
      code: null,
      duration_ms: expect.any(Number),
      client_id: alpha.clientId,
      idempotency_status: null,
    });
  });

  it("never lists another account's request", async () => {
    const { id } = await tracedCall(beta, 'GET', '/v2/b2b/rate-limits');
    await recorded(beta, id);

    const filtered = await ownLog(alpha, `request_id=${id}`);
    const everything = await ownLog(alpha, 'limit=200');

    expect(filtered.body.data).toEqual([]);
    expect(everything.body.data.map((record) => record.client_id)).not.toContain(beta.clientId);
  });

  it('records a refused request with its problem code, and lists it newest first', async () => {
    const { id, response } = await tracedCall(alpha, 'GET', '/v2/b2b/requests?status=teapot');
    expect(response.status).toBe(422);

    const record = await recorded(alpha, id);
    const latest = await ownLog(alpha, 'limit=200');

    expect(record).toMatchObject({ status: 422, code: 'ValidationError', operation_id: 'listRequests' });
    expect(record.path).toBe('/v2/b2b/requests');
    const times = latest.body.data.map((entry) => entry.received_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('records a request refused with 403 for a missing scope under the account whose token it carried', async () => {
    const { id, response } = await tracedCall(beta, 'GET', '/v2/b2b/webhooks');
    expect(response.status).toBe(403);

    const record = await recorded(beta, id);

    expect(record).toMatchObject({
      status: 403,
      code: 'Forbidden',
      operation_id: 'listWebhooks',
      client_id: beta.clientId,
    });
    expect((await ownLog(alpha, `request_id=${id}`)).body.data).toEqual([]);
  });

  describe('filters', () => {
    let ok: RequestRecord;
    let refused: RequestRecord;

    beforeAll(async () => {
      const first = await tracedCall(alpha, 'GET', '/v2/b2b/rate-limits');
      const second = await tracedCall(alpha, 'GET', '/v2/b2b/requests?limit=0');
      [ok, refused] = await Promise.all([recorded(alpha, first.id), recorded(alpha, second.id)]);
    });

    it('by status', async () => {
      const page = await ownLog(alpha, 'status=422&limit=200');

      expect(page.body.data.length).toBeGreaterThan(0);
      expect(page.body.data.every((record) => record.status === 422)).toBe(true);
      expect(page.body.data.map((record) => record.request_id)).toContain(refused.request_id);
    });

    it('by operation', async () => {
      const page = await ownLog(alpha, 'operation_id=getRateLimits&limit=200');

      expect(page.body.data.every((record) => record.operation_id === 'getRateLimits')).toBe(true);
      expect(page.body.data.map((record) => record.request_id)).toContain(ok.request_id);
    });

    it('by request id', async () => {
      const page = await ownLog(alpha, `request_id=${ok.request_id}`);

      expect(page.body.data).toEqual([ok]);
    });

    it('by window: since and until bound the records, inclusive', async () => {
      const at = ok.received_at;
      const later = new Date(Date.parse(at) + 1).toISOString();
      const earlier = new Date(Date.parse(at) - 1).toISOString();

      const from = await ownLog(alpha, `request_id=${ok.request_id}&since=${at}`);
      const after = await ownLog(alpha, `request_id=${ok.request_id}&since=${later}`);
      const upTo = await ownLog(alpha, `request_id=${ok.request_id}&until=${at}`);
      const before = await ownLog(alpha, `request_id=${ok.request_id}&until=${earlier}`);

      expect(from.body.data).toEqual([ok]);
      expect(after.body.data).toEqual([]);
      expect(upTo.body.data).toEqual([ok]);
      expect(before.body.data).toEqual([]);
    });

    it('pages with the cursor, newest first, without repeating a record', async () => {
      const first = await ownLog(alpha, 'limit=1');
      expect(first.body.data).toHaveLength(1);
      expect(first.body.next_cursor).not.toBeNull();

      const second = await ownLog(alpha, `limit=1&cursor=${first.body.next_cursor}`);

      expect(second.status).toBe(200);
      expect(second.body.data).toHaveLength(1);
      expect(second.body.data[0]?.request_id).not.toBe(first.body.data[0]?.request_id);
      expect((second.body.data[0]?.received_at ?? '') <= (first.body.data[0]?.received_at ?? '')).toBe(true);
    });
  });

  describe('refuses a bad read with 422 ValidationError', () => {
    it.each([
      ['a status that is no number', 'status=teapot'],
      ['an instant that is not UTC', 'since=2030-01-01T00:00:00%2B02:00'],
      ['since after until', 'since=2030-01-02T00:00:00Z&until=2030-01-01T00:00:00Z'],
      ['a window over 30 days', 'since=2030-01-01T00:00:00Z&until=2030-03-01T00:00:00Z'],
      ['a cursor it did not give', 'cursor=c2VjcmV0'],
      ['an unknown filter', 'account_id=someone-else'],
    ])('%s', async (_, query) => {
      const page = await ownLog(alpha, query);

      expect(page.status).toBe(422);
      expect(page.body).toMatchObject({ code: 'ValidationError' });
    });
  });

  it('never stores a body, a token, a secret or a header value', async () => {
    const secrets = {
      token: alpha.token,
      clientSecret: alpha.clientSecret,
      webhookSecret: `whsec_${Buffer.from(randomUUID()).toString('base64')}`,
      header: `header-secret-${randomUUID()}`,
      query: `query-secret-${randomUUID()}`,
    };
    const calls = await Promise.all([
      tracedCall(alpha, 'POST', '/v2/b2b/webhooks', {
        body: {
          url: 'https://partner.example/hooks',
          secret: secrets.webhookSecret,
          client_secret: secrets.clientSecret,
        },
        headers: { 'X-Partner-Secret': secrets.header, 'Idempotency-Key': randomUUID() },
      }),
      tracedCall(alpha, 'GET', `/v2/b2b/requests?cursor=${secrets.query}`, {
        headers: { Cookie: `session=${secrets.header}` },
      }),
    ]);
    await Promise.all(calls.map(({ id }) => recorded(alpha, id)));

    const { Items = [] } = await documentClient().send(
      new ScanCommand({ TableName: endpoints().tables.requestLog }),
    );
    const stored = JSON.stringify(Items);

    expect(Items.length).toBeGreaterThan(0);
    for (const secret of Object.values(secrets)) expect(stored).not.toContain(secret);
    expect(stored).not.toContain('Bearer');
    expect(stored).not.toContain('partner.example');
  });
});

describe('employees reading an account’s request log', () => {
  it('support and admin both see any account’s requests', async () => {
    const { id } = await tracedCall(beta, 'GET', '/v2/b2b/rate-limits');
    await recorded(beta, id);

    const bySupport = await asSupport<RequestLogPage>(
      'GET',
      `/api/v1/admin/accounts/${beta.accountId}/requests?request_id=${id}`,
    );
    const byAdmin = await asAdmin<RequestLogPage>(
      'GET',
      `/api/v1/admin/accounts/${beta.accountId}/requests?request_id=${id}`,
    );

    expect(bySupport.status).toBe(200);
    expect(bySupport.body.data.map((record) => record.request_id)).toEqual([id]);
    expect(byAdmin.body).toEqual(bySupport.body);
  });

  it('reads an account with no requests as an empty page', async () => {
    const page = await asSupport<RequestLogPage>('GET', `/api/v1/admin/accounts/${randomUUID()}/requests`);

    expect(page.status).toBe(200);
    expect(page.body).toEqual({ data: [], next_cursor: null });
  });

  it('refuses a bad filter with 422 and an account id that is no UUID with 422', async () => {
    const badFilter = await asSupport(
      'GET',
      `/api/v1/admin/accounts/${beta.accountId}/requests?status=teapot`,
    );
    const badAccount = await asSupport('GET', '/api/v1/admin/accounts/not-an-id/requests');

    expect(badFilter.status).toBe(422);
    expect(badFilter.body).toMatchObject({ code: 'ValidationError' });
    expect(badAccount.status).toBe(422);
  });

  it('is not open to a partner token, which can name no other account', async () => {
    const attempt = await alpha.call('GET', `/api/v1/admin/accounts/${beta.accountId}/requests`);

    expect(attempt.status).toBe(404);
  });
});
