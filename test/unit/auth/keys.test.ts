import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accessTokenLifetimeSeconds,
  activeKey,
  clockSkewSeconds,
  publicationLeadSeconds,
  readPublicJwks,
  readSigningKeys,
  rotateSigningKeys,
} from '../../../shared/auth/keys.ts';
import { issuePartnerToken, verifyAccessToken } from '../../../shared/auth/tokens.ts';
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
