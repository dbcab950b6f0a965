import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { signCompactJws } from '../../../shared/crypto/jws.ts';
import { keyObjectSigner } from '../../../shared/crypto/signing-key-vault.ts';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'ES256', use: 'sig' }] };
const now = new Date('2030-01-01T00:00:00Z');
const iat = Math.floor(now.getTime() / 1000);

describe('a compact JWS built over a signer', () => {
  it('verifies with jose against the published JWKS, with the claims and header as given', async () => {
    const payload = { iss: 'https://auth.test', sub: 'client', iat, exp: iat + 60, scopes: ['a'] };

    const token = await signCompactJws('at+jwt', payload, keyObjectSigner('k1', privateKey));
    const verified = await jwtVerify(token, createLocalJWKSet(jwks), {
      algorithms: ['ES256'],
      typ: 'at+jwt',
      currentDate: now,
    });

    expect(verified.payload).toEqual(payload);
    expect(verified.protectedHeader).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: 'k1' });
  });

  it('carries the signer’s kid and a 64-byte r||s signature', async () => {
    const token = await signCompactJws('pass+jwt', { sub: 'x' }, keyObjectSigner('k1', privateKey));

    expect(decodeProtectedHeader(token).kid).toBe('k1');
    expect(Buffer.from(token.split('.')[2] ?? '', 'base64url')).toHaveLength(64);
  });

  it('does not verify when signed by a key the JWKS does not hold under that kid', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

    const token = await signCompactJws('at+jwt', { iat, exp: iat + 60 }, keyObjectSigner('k1', other));

    await expect(jwtVerify(token, createLocalJWKSet(jwks), { currentDate: now })).rejects.toThrow(
      /signature verification failed/,
    );
  });
});
