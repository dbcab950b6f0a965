import { exportJWK, generateKeyPair, importJWK, jwtVerify } from 'jose';
import type { SigningKeySet } from '../../shared/auth/keys.ts';

/** A one-key signing set made in memory, for tests that issue employee tokens without a secret store. */
export async function signingKeySet(kid = 'test-key'): Promise<SigningKeySet> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    keys: [
      {
        kid,
        private_jwk: { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' },
        public_jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
        created_at: '2026-01-01T00:00:00.000Z',
        retired_at: null,
      },
    ],
  };
}

/** Verifies an employee token as the admin API must: ES256 only, typ at+jwt, issuer and audience. */
export async function verifyEmployeeToken(
  keys: SigningKeySet,
  token: string,
  expected: { issuer: string; audience: string; now: Date },
) {
  const key = await importJWK(keys.keys[0]?.public_jwk ?? {}, 'ES256');
  return jwtVerify(token, key, {
    algorithms: ['ES256'],
    typ: 'at+jwt',
    issuer: expected.issuer,
    audience: expected.audience,
    currentDate: expected.now,
    requiredClaims: ['exp', 'iat', 'jti', 'sub'],
  });
}
