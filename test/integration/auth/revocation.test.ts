import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import type { ClientIdentity } from '../../support/api.ts';
import { asAdmin, employeeLogin } from '../../support/employees.ts';
import { addApplication, asOperator, clientCredentials, onboardAccount } from '../admin/operator.ts';
import { type OwnGateway, ownGateway } from '../quotas/own-gateway.ts';

/** The stage trusts what it read about an application for 2 s (PRINCIPAL_STATUS_TTL_SECONDS in the setup). */
const boundMs = 2_000;

/**
 * The partner API of this file's own, in this test process, on the run's tables: its functions, and
 * the status cache they keep, read this file's clock, so the bound passes without a real wait and
 * without moving time for any other file.
 */
const clock = TestClock.running();
let partnerApi: OwnGateway;
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  partnerApi = await ownGateway({ host: 'api', clock });
});
afterAll(async () => {
  await partnerApi.close();
  await employeeLogin.close();
  restoreClock();
});

async function tokenOf(clientId: string, clientSecret: string): Promise<string> {
  const issued = await clientCredentials(clientId, clientSecret);
  if (!issued.body.access_token) throw new Error(`no token: ${JSON.stringify(issued.body)}`);
  return issued.body.access_token;
}

const listLounges = (token: string, cert: ClientIdentity) =>
  partnerApi.client.request('GET', '/v2/catalog/lounges?limit=1', { token, cert });

describe('a live token', () => {
  it('of an application disabled by the operator is refused with 401 once the bound has passed', async () => {
    const { account, identity } = await onboardAccount();
    const application = await addApplication(account.account_id);
    const token = await tokenOf(application.client_id, application.client_secret);
    expect((await listLounges(token, identity)).status).toBe(200);

    const disabled = await asOperator(
      'POST',
      `/v2/admin/accounts/${account.account_id}/applications/${application.client_id}/disable`,
    );
    clock.advance(boundMs);
    const refused = await listLounges(token, identity);

    expect(disabled.status).toBe(200);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'Unauthorized' });
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('of an application whose account was disabled is refused with 401 once the bound has passed', async () => {
    const { account, identity } = await onboardAccount();
    const application = await addApplication(account.account_id);
    const token = await tokenOf(application.client_id, application.client_secret);
    expect((await listLounges(token, identity)).status).toBe(200);

    const disabled = await asOperator('POST', `/v2/admin/accounts/${account.account_id}/disable`);
    clock.advance(boundMs);

    expect(disabled.status).toBe(200);
    expect((await listLounges(token, identity)).status).toBe(401);
  });

  it('minted with a secret since rotated (a leaked one) is refused with 401 once the bound has passed', async () => {
    const { account, identity } = await onboardAccount();
    const application = await addApplication(account.account_id);
    const leaked = await tokenOf(application.client_id, application.client_secret);
    expect((await listLounges(leaked, identity)).status).toBe(200);

    const rotated = await asOperator<{ client_secret: string }>(
      'POST',
      `/v2/admin/accounts/${account.account_id}/applications/${application.client_id}/rotate-secret`,
    );
    const fresh = await tokenOf(application.client_id, rotated.body.client_secret);
    clock.advance(boundMs);
    const refused = await listLounges(leaked, identity);

    expect(rotated.status).toBe(200);
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await listLounges(fresh, identity)).status).toBe(200);
  });

  it('is not revived by enabling its disabled application again; a new token works', async () => {
    const { account, identity } = await onboardAccount();
    const application = await addApplication(account.account_id);
    const old = await tokenOf(application.client_id, application.client_secret);
    const path = `/v2/admin/accounts/${account.account_id}/applications/${application.client_id}`;

    await asOperator('POST', `${path}/disable`);
    clock.advance(boundMs);
    expect((await listLounges(old, identity)).status).toBe(401);
    const enabled = await asOperator('POST', `${path}/enable`);
    clock.advance(boundMs);
    const fresh = await tokenOf(application.client_id, application.client_secret);

    expect(enabled.status).toBe(200);
    expect((await listLounges(old, identity)).status).toBe(401);
    expect((await listLounges(fresh, identity)).status).toBe(200);
  });

  it('is not revived by enabling its disabled account again; a new token works', async () => {
    const { account, identity } = await onboardAccount();
    const application = await addApplication(account.account_id);
    const old = await tokenOf(application.client_id, application.client_secret);

    await asOperator('POST', `/v2/admin/accounts/${account.account_id}/disable`);
    const enabled = await asAdmin('POST', `/api/v1/admin/accounts/${account.account_id}/enable`);
    clock.advance(boundMs);
    const fresh = await tokenOf(application.client_id, application.client_secret);

    expect(enabled.status).toBe(200);
    expect((await listLounges(old, identity)).status).toBe(401);
    expect((await listLounges(fresh, identity)).status).toBe(200);
  });

  it('of an active application keeps working after the bound', async () => {
    const { account, identity } = await onboardAccount();
    const application = await addApplication(account.account_id);
    const token = await tokenOf(application.client_id, application.client_secret);
    expect((await listLounges(token, identity)).status).toBe(200);

    clock.advance(boundMs);

    expect((await listLounges(token, identity)).status).toBe(200);
  });
});
