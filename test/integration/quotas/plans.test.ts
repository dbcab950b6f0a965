import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { asOperator, onboardAccount } from '../admin/operator.ts';

interface AccountRecord {
  account_id: string;
  plan: string;
  updated_at: string;
}

const setPlan = (accountId: string, plan: unknown) =>
  asOperator<AccountRecord>('POST', `/v2/admin/accounts/${accountId}/plan`, {
    body: { plan },
    idempotencyKey: null,
  });

describe('account plans', () => {
  it('start on the default plan, standard, shown on the account record', async () => {
    const { account } = await onboardAccount();

    const read = await asOperator<AccountRecord>('GET', `/v2/admin/accounts/${account.account_id}`);

    expect(account.plan).toBe('standard');
    expect(read.body.plan).toBe('standard');
  });

  it('are changed by an operator: 200 with the account on its new plan, read back the same', async () => {
    const { account } = await onboardAccount();

    const changed = await setPlan(account.account_id, 'premium');
    const read = await asOperator<AccountRecord>('GET', `/v2/admin/accounts/${account.account_id}`);

    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ account_id: account.account_id, plan: 'premium' });
    expect(changed.body.updated_at > account.updated_at).toBe(true);
    expect(read.body).toEqual(changed.body);
  });

  it('accept the plan the account already has, changing nothing', async () => {
    const { account } = await onboardAccount();

    const again = await setPlan(account.account_id, 'standard');

    expect(again.status).toBe(200);
    expect(again.body.updated_at).toBe(account.updated_at);
  });

  it('refuse a plan that does not exist: 422 naming body.plan', async () => {
    const { account } = await onboardAccount();

    const response = await setPlan(account.account_id, 'platinum');

    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'ValidationError',
      details: { errors: [expect.objectContaining({ path: 'body.plan' })] },
    });
  });

  it('answer 404 for an unknown account', async () => {
    const response = await setPlan(randomUUID(), 'sandbox');

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'ResourceNotFound' });
  });

  it('cannot be changed by a partner without the identity scopes: 403', async () => {
    const partner = api(0);

    const response = await partner.request('POST', `/v2/admin/accounts/${partner.accountId}/plan`, {
      token: await partner.token(),
      body: { plan: 'premium' },
    });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'Forbidden' });
  });
});

describe('the stage’s partner responses', () => {
  it('carry RateLimit-Policy and RateLimit, on a success and on an error alike', async () => {
    const partner = api(1);
    const token = await partner.token();

    const ok = await partner.request('GET', '/v2/b2b/rate-limits', { token });
    const notFound = await partner.request('GET', `/v2/b2b/booking/lounges/${randomUUID()}`, { token });

    for (const response of [ok, notFound]) {
      expect(response.headers['ratelimit-policy']).toBe('"burst";q=200;w=2, "daily";q=1000000;w=86400');
      expect(response.headers.ratelimit).toMatch(/^"burst";r=\d+;t=\d+, "daily";r=\d+;t=\d+$/);
    }
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ plan: 'standard', burst: 200, daily_quota: 1_000_000 });
    expect(notFound.status).toBe(404);
  });
});
