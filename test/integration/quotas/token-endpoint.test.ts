import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFloodRules } from '../../../infra/local/limits.ts';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import type { ApiResponse } from '../../support/api.ts';
import {
  addApplication,
  type CreatedApplication,
  clientCredentials,
  onboardAccount,
  type TokenBody,
} from '../admin/operator.ts';
import { type OwnGateway, ownGateway } from './own-gateway.ts';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function freshApplication(): Promise<CreatedApplication> {
  const { account } = await onboardAccount();
  return addApplication(account.account_id);
}

function expectRateLimited(response: ApiResponse<TokenBody>, policy: string) {
  expect(response.status).toBe(429);
  expect(response.headers['content-type']).toMatch(/json/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(response.body).toMatchObject({ code: 'RateLimitExceeded', status: 429, details: { policy } });
}

describe('the lockout per client on the real token endpoint', () => {
  // The run's stage locks for 2 s (TOKEN_ENDPOINT_LIMITS in test/support/global-setup.ts); 30 s by default.
  // The token function runs in this process behind an auth API of the file's own, on the run's tables,
  // at this file's clock: the test moves time past the lockout without moving anyone else's.
  const clock = TestClock.running();
  let authApi: OwnGateway;
  let restoreClock: () => void;
  beforeAll(async () => {
    restoreClock = useClock(clock);
    authApi = await ownGateway({ host: 'auth', clock });
  });
  afterAll(async () => {
    await authApi.close();
    restoreClock();
  });
  const credentials = (clientId: string, clientSecret: string) =>
    authApi.client.request<TokenBody>('POST', '/oauth/v2/token', {
      host: 'auth',
      form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });

  it('locks a client after ten bad secrets in a row: 429 with Retry-After, the right secret refused meanwhile, accepted after', async () => {
    const application = await freshApplication();

    const bad = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      bad.push(await credentials(application.client_id, `ptss_wrong-${attempt}`));
    }
    const rightWhileLocked = await credentials(application.client_id, application.client_secret);
    clock.advance(Number(rightWhileLocked.headers['retry-after']) * 1000);
    const rightAfter = await credentials(application.client_id, application.client_secret);

    expect(bad.slice(0, 9).map((response) => response.body.error)).toEqual(Array(9).fill('invalid_client'));
    expectRateLimited(bad[9] as ApiResponse<TokenBody>, 'client_lockout');
    expect(bad[9]?.headers['retry-after']).toBe('2');
    expect(bad[9]?.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad[9]?.headers['cache-control']).toBe('no-store');
    expectRateLimited(rightWhileLocked, 'client_lockout');
    expect(rightWhileLocked.body.access_token).toBeUndefined();
    expect(rightAfter.status).toBe(200);
    expect(rightAfter.body.access_token).toEqual(expect.any(String));
  });

  it('locks only that client: another client is served meanwhile', async () => {
    const [locked, other] = await Promise.all([freshApplication(), freshApplication()]);
    for (let attempt = 0; attempt < 10; attempt++) await clientCredentials(locked.client_id, 'ptss_wrong');

    const lockedAnswer = await clientCredentials(locked.client_id, locked.client_secret);
    const otherAnswer = await clientCredentials(other.client_id, other.client_secret);

    expectRateLimited(lockedAnswer, 'client_lockout');
    expect(otherAnswer.status).toBe(200);
  });

  it('forgets the bad secrets once the right one arrives before the tenth', async () => {
    const application = await freshApplication();
    for (let attempt = 0; attempt < 9; attempt++)
      await clientCredentials(application.client_id, 'ptss_wrong');
    await clientCredentials(application.client_id, application.client_secret);

    const nextBad = await clientCredentials(application.client_id, 'ptss_wrong');

    expect(nextBad.status).toBe(401);
    expect(nextBad.body.error).toBe('invalid_client');
  });
});

describe('the lockout an outsider cannot trigger', () => {
  // Two callers at two addresses: auth APIs of this file's own, each giving the functions a fixed
  // source. Time stands still, so no 2 s lockout of the run's stage ends during the attack.
  const clock = TestClock.stoppedAt(new Date());
  let attacker: OwnGateway;
  let partner: OwnGateway;
  let restoreClock: () => void;
  beforeAll(async () => {
    restoreClock = useClock(clock);
    [attacker, partner] = await Promise.all([
      ownGateway({ host: 'auth', clock, sourceAddress: '203.0.113.66' }),
      ownGateway({ host: 'auth', clock, sourceAddress: '198.51.100.20' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([attacker.close(), partner.close()]);
    restoreClock();
  });
  const credentials = (from: OwnGateway, clientId: string, clientSecret: string) =>
    from.client.request<TokenBody>('POST', '/oauth/v2/token', {
      host: 'auth',
      form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });

  it('50 bad secrets from one address lock that address only: the right secret from another gets a token', async () => {
    const application = await freshApplication();
    const bad = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      bad.push(await credentials(attacker, application.client_id, `ptss_wrong-${attempt}`));
    }

    const fromPartner = await credentials(partner, application.client_id, application.client_secret);
    const fromAttacker = await credentials(attacker, application.client_id, application.client_secret);

    expect(bad.slice(0, 9).map((response) => response.status)).toEqual(Array(9).fill(401));
    expect(bad.slice(9).map((response) => response.status)).toEqual(Array(41).fill(429));
    expect(fromPartner.status).toBe(200);
    expect(fromPartner.body.access_token).toEqual(expect.any(String));
    expectRateLimited(fromAttacker, 'client_lockout');
    expect(fromAttacker.body.access_token).toBeUndefined();
  });
});

describe('the flood rules of the auth domain', () => {
  const clock = TestClock.stoppedAt('2030-01-01T10:00:00Z');
  let byAddress: OwnGateway;
  let byClient: OwnGateway;

  beforeAll(async () => {
    [byAddress, byClient] = await Promise.all([
      ownGateway({
        host: 'auth',
        floodRules: new LocalFloodRules(
          { flood: { limit: 3, windowSeconds: 60 }, clientFlood: { limit: 100, windowSeconds: 60 } },
          clock,
        ),
      }),
      ownGateway({
        host: 'auth',
        floodRules: new LocalFloodRules(
          { flood: { limit: 100, windowSeconds: 60 }, clientFlood: { limit: 2, windowSeconds: 60 } },
          clock,
        ),
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([byAddress.close(), byClient.close()]);
  });

  it('refuse an address past its limit in the window with a 429 problem and Retry-After, then let it back', async () => {
    const discovery = () =>
      byAddress.client.request('GET', '/.well-known/openid-configuration', { host: 'auth' });

    const allowed = [await discovery(), await discovery(), await discovery()];
    const flooding = await discovery();
    clock.advance((Number(flooding.headers['retry-after']) - 1) * 1000);
    const tooEarly = await discovery();
    clock.advance(1000);
    const afterWaiting = await discovery();

    expect(allowed.map((response) => response.status)).toEqual([200, 200, 200]);
    expectRateLimited(flooding as ApiResponse<TokenBody>, 'address_flood');
    expect(tooEarly.status).toBe(429);
    expect(afterWaiting.status).toBe(200);
  });

  it('refuse one client asking for tokens past its limit, counted by client_id whatever the secret, and not another', async () => {
    const [looping, other] = await Promise.all([freshApplication(), freshApplication()]);
    const token = (client: CreatedApplication, how: 'basic' | 'post') =>
      byClient.client.request<TokenBody>('POST', '/oauth/v2/token', {
        host: 'auth',
        form:
          how === 'post'
            ? {
                grant_type: 'client_credentials',
                client_id: client.client_id,
                client_secret: client.client_secret,
              }
            : { grant_type: 'client_credentials' },
        headers: how === 'basic' ? { authorization: basic(client.client_id, client.client_secret) } : {},
      });

    const first = await token(looping, 'basic');
    const second = await token(looping, 'post');
    const third = await token(looping, 'basic');
    const otherClient = await token(other, 'post');

    expect([first.status, second.status]).toEqual([200, 200]);
    expectRateLimited(third, 'client_flood');
    expect(otherClient.status).toBe(200);
  });
});
