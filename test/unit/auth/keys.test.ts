import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accessTokenLifetimeSeconds,
  activeKey,
  clockSkewSeconds,
  publicationLeadSeconds,
  readPublicJwks,
} from '../../../shared/auth/keys.ts';
import { readSigningKeys, rotateSigningKeys } from '../../../shared/auth/signing-keys.ts';
import { issuePartnerToken } from '../../../shared/auth/token-issuer.ts';
import { verifyAccessToken } from '../../../shared/auth/tokens.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { useLocalConfig } from './local-config.ts';

const t0 = new Date('2030-01-01T00:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const claims = {
  clientId: 'pts_aaaaaaaaaaaaaaaaaaaaaaaa',
  accountId: '0b3c6a7e-0000-4000-8000-000000000001',
  scopes: ['webhooks'] as const,
};
const kidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()).kid as string;
const publishedKids = async () => (await readPublicJwks(secretStore())).keys.map((key) => key.kid);

/** A fresh Lambda container: nothing cached. */
function coldStart() {
  resetModuleCaches();
}

describe('signing key rotation', () => {
  let cleanUp: () => Promise<void>;
  beforeEach(async () => {
    ({ cleanUp } = await useLocalConfig());
  });
  afterEach(() => cleanUp());

  it('makes the very first key sign at once', async () => {
    const set = await rotateSigningKeys(secretStore(), t0);

    const { accessToken } = await issuePartnerToken(claims, t0);

    expect(kidOf(accessToken)).toBe(set.keys[0]?.kid);
    expect(await publishedKids()).toEqual([set.keys[0]?.kid]);
  });

  it('publishes a new key before any token is signed with it', async () => {
    const first = (await rotateSigningKeys(secretStore(), t0)).keys[0]?.kid;
    const second = (await rotateSigningKeys(secretStore(), at(60))).keys[0]?.kid;
    coldStart();

    const justAfter = await issuePartnerToken(claims, at(61));
    coldStart();
    const afterLead = await issuePartnerToken(claims, at(60 + publicationLeadSeconds));

    expect(await publishedKids()).toEqual([second, first]);
    expect(kidOf(justAfter.accessToken)).toBe(first);
    expect(kidOf(afterLead.accessToken)).toBe(second);
  });

  it('keeps a warm signer from using the old key once the new one has taken over', async () => {
    await rotateSigningKeys(secretStore(), t0);
    await issuePartnerToken(claims, at(1));
    const second = (await rotateSigningKeys(secretStore(), at(2))).keys[0]?.kid;

    const afterLead = await issuePartnerToken(claims, at(2 + publicationLeadSeconds));

    expect(kidOf(afterLead.accessToken)).toBe(second);
  });

  it('lets a token signed before a rotation verify after it', async () => {
    await rotateSigningKeys(secretStore(), t0);
    const { accessToken } = await issuePartnerToken(claims, at(10));
    await rotateSigningKeys(secretStore(), at(20));
    coldStart();

    const principal = await verifyAccessToken(
      accessToken,
      ['partner'],
      at(20 + publicationLeadSeconds + 600),
    );

    expect(principal).toMatchObject({
      kind: 'partner',
      accountId: claims.accountId,
      subject: claims.clientId,
    });
  });

  it('drops a retired key from the JWKS once no token signed with it can be valid', async () => {
    const first = (await rotateSigningKeys(secretStore(), t0)).keys[0]?.kid;
    const second = (await rotateSigningKeys(secretStore(), at(100))).keys[0]?.kid;
    const retiredAt = 100 + publicationLeadSeconds;
    const windowEnd = retiredAt + accessTokenLifetimeSeconds + clockSkewSeconds;

    await rotateSigningKeys(secretStore(), at(windowEnd - 1));
    const stillThere = await publishedKids();
    await rotateSigningKeys(secretStore(), at(windowEnd + 1));
    const afterWindow = await publishedKids();

    expect(stillThere).toContain(first);
    expect(afterWindow).not.toContain(first);
    expect(afterWindow).toContain(second);
  });

  it('signs with the newest key that has activated when several wait', async () => {
    await rotateSigningKeys(secretStore(), t0);
    await rotateSigningKeys(secretStore(), at(10));
    await rotateSigningKeys(secretStore(), at(20));
    const set = await readSigningKeys(secretStore());
    if (!set) throw new Error('no keys');

    expect(activeKey(set, at(30)).kid).toBe(set.keys[2]?.kid);
    expect(activeKey(set, at(10 + publicationLeadSeconds)).kid).toBe(set.keys[1]?.kid);
    expect(activeKey(set, at(20 + publicationLeadSeconds)).kid).toBe(set.keys[0]?.kid);
  });
});

describe('a token verified before, in a warm container', () => {
  let cleanUp: () => Promise<void>;
  beforeEach(async () => {
    ({ cleanUp } = await useLocalConfig());
    await rotateSigningKeys(secretStore(), t0);
  });
  afterEach(() => cleanUp());

  it('is answered again with the same principal', async () => {
    const { accessToken } = await issuePartnerToken(claims, at(1));
    const first = await verifyAccessToken(accessToken, ['partner'], at(2));

    const again = await verifyAccessToken(accessToken, ['partner'], at(3));

    expect(again).toEqual(first);
    expect(again).toMatchObject({ kind: 'partner', accountId: claims.accountId });
  });

  it('is refused once it expired, beyond the 30 s of skew, as on its first use', async () => {
    const { accessToken } = await issuePartnerToken(claims, at(1));
    await verifyAccessToken(accessToken, ['partner'], at(2));
    const expiry = 1 + accessTokenLifetimeSeconds;

    const withinSkew = await verifyAccessToken(accessToken, ['partner'], at(expiry + clockSkewSeconds - 1));
    const refused = await verifyAccessToken(accessToken, ['partner'], at(expiry + clockSkewSeconds)).catch(
      (error: unknown) => error,
    );

    expect(withinSkew.kind).toBe('partner');
    expect(refused).toMatchObject({ code: 'Unauthorized', message: expect.stringMatching(/expired/) });
  });

  it('is refused once its key is no longer published, after the key set reloads', async () => {
    const { accessToken } = await issuePartnerToken(claims, at(1));
    await verifyAccessToken(accessToken, ['partner'], at(2));
    await secretStore().put('jwks', JSON.stringify({ keys: [] }));

    const refused = await verifyAccessToken(accessToken, ['partner'], at(2 + 6 * 60)).catch(
      (error: unknown) => error,
    );

    expect(refused).toMatchObject({ code: 'Unauthorized', message: expect.stringMatching(/signing key/) });
  });

  it('still meets the audience check of each route', async () => {
    const { accessToken } = await issuePartnerToken(claims, at(1));
    await verifyAccessToken(accessToken, ['partner'], at(2));

    const refused = await verifyAccessToken(accessToken, ['employee'], at(3)).catch(
      (error: unknown) => error,
    );

    expect(refused).toMatchObject({ code: 'Forbidden' });
  });

  it('is never a token that failed: a tampered copy of a verified token is refused every time', async () => {
    const { accessToken } = await issuePartnerToken(claims, at(1));
    await verifyAccessToken(accessToken, ['partner'], at(2));
    const [header, payload, signature = ''] = accessToken.split('.');
    const tampered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

    for (const attempt of [3, 4]) {
      const refused = await verifyAccessToken(tampered, ['partner'], at(attempt)).catch(
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ code: 'Unauthorized' });
    }
  });
});
