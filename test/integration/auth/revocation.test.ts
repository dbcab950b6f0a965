import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type ClientIdentity, request } from '../../support/api.ts';
import { addApplication, asOperator, clientCredentials, onboardAccount } from '../admin/operator.ts';

/** The stage trusts what it read about an application for 2 s (PRINCIPAL_STATUS_TTL_SECONDS in the setup). */
const boundMs = 2_000;

async function tokenOf(clientId: string, clientSecret: string): Promise<string> {
  const issued = await clientCredentials(clientId, clientSecret);
  if (!issued.body.access_token) throw new Error(`no token: ${JSON.stringify(issued.body)}`);
  return issued.body.access_token;
}

const listLounges = (token: string, cert: ClientIdentity) =>
  request('GET', '/v2/catalog/lounges?limit=1', { token, cert });

/** Calls until the token is refused, at most `limitMs`; answers how long that took. */
async function refusedWithin(call: () => Promise<{ status: number }>, limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { status } = await call();
    if (status === 401) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`still ${status} after ${limitMs} ms`);
    await sleep(100);
  }
}

describe('a live token', () => {
  it('of an application disabled by the operator is refused with 401 within the bound', async () => {
    const { account, identity } = await onboardAccount();
    const application = await addApplication(account.account_id);
    const token = await tokenOf(application.client_id, application.client_secret);
    expect((await listLounges(token, identity)).status).toBe(200);

    const disabled = await asOperator(
      'POST',
      `/v2/admin/accounts/${account.account_id}/applications/${application.client_id}/disable`,
    );
    const tookMs = await refusedWithin(() => listLounges(token, identity), boundMs + 1_000);
    const refused = await listLounges(token, identity);

    expect(disabled.status).toBe(200);
    expect(tookMs).toBeLessThanOrEqual(boundMs + 1_000);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'Unauthorized' });
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('of an application whose account was disabled is refused with 401 within the bound', async () => {
    const { account, identity } = await onboardAccount();
    const application = await addApplication(account.account_id);
    const token = await tokenOf(application.client_id, application.client_secret);
    expect((await listLounges(token, identity)).status).toBe(200);

    const disabled = await asOperator('POST', `/v2/admin/accounts/${account.account_id}/disable`);
    const tookMs = await refusedWithin(() => listLounges(token, identity), boundMs + 1_000);

    expect(disabled.status).toBe(200);
    expect(tookMs).toBeLessThanOrEqual(boundMs + 1_000);
  });

  it('of an active application keeps working after the bound', async () => {
    const { account, identity } = await onboardAccount();
    const application = await addApplication(account.account_id);
    const token = await tokenOf(application.client_id, application.client_secret);

    await sleep(boundMs + 200);

    expect((await listLounges(token, identity)).status).toBe(200);
  });
});
