import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accessTokenLifetimeSeconds,
  clockSkewSeconds,
  publicationLeadSeconds,
} from '../../../shared/auth/keys.ts';
import { publicJwks, readSigningKeys, rotateSigningKeys } from '../../../shared/auth/signing-keys.ts';
import { issuePartnerToken } from '../../../shared/auth/token-issuer.ts';
import { config } from '../../../shared/config/env.ts';
import { signerOf } from '../../../shared/crypto/es256-key.ts';
import { signCompactJws } from '../../../shared/crypto/jws.ts';
import { LocalFileSigningKeys } from '../../../shared/crypto/local-signing-keys.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { MemorySigningKeys } from '../../support/memory-signing-keys.ts';
import { testIssuer, testPartnerAudience, useLocalConfig } from './local-config.ts';

const t0 = new Date('2030-01-01T00:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const claims = {
  clientId: 'pts_aaaaaaaaaaaaaaaaaaaaaaaa',
  accountId: '0b3c6a7e-0000-4000-8000-000000000001',
  scopes: ['webhooks'] as const,
};

describe('signing keys in a vault', () => {
  let cleanUp: () => Promise<void>;
  let secretsDir: string;
  beforeEach(async () => {
    ({ cleanUp, secretsDir } = await useLocalConfig());
  });
  afterEach(() => cleanUp());

  it('keep no private key in the key set or the JWKS: the set names the key, the vault holds it', async () => {
    const vault = new MemorySigningKeys();

    const set = await rotateSigningKeys(secretStore(), t0, vault);

    const stored = await secretStore().get(config().secretIds.signingKeys);
    expect(stored).not.toMatch(/"d":|private_jwk/);
    expect(await secretStore().get(config().secretIds.jwks)).not.toMatch(/"d":/);
    expect(vault.keys.get(set.keys[0]?.key_ref ?? '')).toMatchObject({
      purpose: 'access-token',
      kid: set.keys[0]?.kid,
    });
  });

  it('retire a key in the vault once no token signed with it can be valid, and not before', async () => {
    const vault = new MemorySigningKeys();
    const first = (await rotateSigningKeys(secretStore(), t0, vault)).keys[0];
    await rotateSigningKeys(secretStore(), at(100), vault);
    const windowEnd = 100 + publicationLeadSeconds + accessTokenLifetimeSeconds + clockSkewSeconds;

    await rotateSigningKeys(secretStore(), at(windowEnd - 1), vault);
    const beforeWindowEnd = [...vault.retired];
    await rotateSigningKeys(secretStore(), at(windowEnd + 1), vault);

    expect(beforeWindowEnd).toEqual([]);
    expect(vault.retired).toEqual([first?.key_ref]);
  });

  it('sign tokens that verify against the published JWKS, through the stage’s key files', async () => {
    const set = await rotateSigningKeys(secretStore(), t0);

    const { accessToken } = await issuePartnerToken(claims, at(1));

    const { payload, protectedHeader } = await jwtVerify(accessToken, createLocalJWKSet(publicJwks(set)), {
      algorithms: ['ES256'],
      typ: 'at+jwt',
      issuer: testIssuer,
      audience: testPartnerAudience,
      currentDate: at(2),
    });
    expect(protectedHeader).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: set.keys[0]?.kid });
    expect(payload).toMatchObject({ account_id: claims.accountId, client_id: claims.clientId });
  });

  it('keep the local private keys as owner-only files named for what they are', async () => {
    const set = await rotateSigningKeys(secretStore(), t0);
    const dir = join(secretsDir, 'local-private-signing-keys');

    const files = await readdir(dir);
    const file = LocalFileSigningKeys.fileOf(dir, set.keys[0]?.key_ref ?? '');

    expect(files).toEqual([expect.stringMatching(/^access-token-.*\.private-key\.jwk\.json$/)]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toHaveProperty('d');
  });

  it('still sign with a key a set holds as a JWK from before the vault, and drop that JWK once the key retired', async () => {
    const legacyVault = new MemorySigningKeys();
    const legacy = (await rotateSigningKeys(secretStore(), t0, legacyVault)).keys[0];
    if (!legacy?.key_ref) throw new Error('no key');
    const privateJwk = legacyVault.keys.get(legacy.key_ref)?.privateKey.export({ format: 'jwk' });
    const { key_ref: _, ...withoutRef } = legacy;
    const old = { ...withoutRef, private_jwk: { ...privateJwk } };
    await secretStore().put(config().secretIds.signingKeys, JSON.stringify({ keys: [old] }));
    const jwks = createLocalJWKSet(publicJwks({ keys: [old] }));

    const token = await signCompactJws('at+jwt', { iat: 1, sub: 's' }, await signerOf(old));
    await rotateSigningKeys(secretStore(), at(10), legacyVault);
    const whileSigning = (await readSigningKeys(secretStore()))?.keys[1];
    await rotateSigningKeys(secretStore(), at(10 + publicationLeadSeconds + 1), legacyVault);
    const afterHandover = (await readSigningKeys(secretStore()))?.keys[2];

    expect((await jwtVerify(token, jwks)).protectedHeader.kid).toBe(old.kid);
    expect(whileSigning?.private_jwk).toBeDefined();
    expect(afterHandover?.kid).toBe(old.kid);
    expect(afterHandover?.private_jwk).toBeUndefined();
  });
});
