import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CompactSign, type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { inject } from 'vitest';
import { LocalFileSigningKeys } from '../../../shared/crypto/local-signing-keys.ts';

/**
 * Tokens made by hand for the attack tests, with the stage's own signing key (its key file in the state dir)
 * or with keys of the attacker's choosing.
 */
const environment = () => inject('endpoints').environment;

interface StoredKey {
  kid: string;
  key_ref: string;
  public_jwk: JWK;
}

export async function stageSigningKey(): Promise<{ kid: string; key: CryptoKey; publicJwk: JWK }> {
  const { SECRETS_DIR: secretsDir, LOCAL_SIGNING_KEYS_DIR: keysDir } = environment();
  if (!secretsDir || !keysDir) throw new Error('endpoints.json has no SECRETS_DIR or LOCAL_SIGNING_KEYS_DIR');
  const set = JSON.parse(await readFile(join(secretsDir, 'signing-keys.json'), 'utf8')) as {
    keys: StoredKey[];
  };
  const active = set.keys[0];
  if (!active) throw new Error('The stage has no signing key');
  return {
    kid: active.kid,
    // What KMS holds in AWS, a key file on the local stage.
    key: (await importJWK(
      JSON.parse(await readFile(LocalFileSigningKeys.fileOf(keysDir, active.key_ref), 'utf8')) as JWK,
      'ES256',
    )) as CryptoKey,
    publicJwk: active.public_jwk,
  };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function partnerClaims(
  accountId: string,
  clientId: string,
  scopes: readonly string[],
): Record<string, unknown> {
  const iat = nowSeconds();
  return {
    iss: environment().TOKEN_ISSUER,
    aud: environment().PARTNER_AUDIENCE,
    sub: clientId,
    client_id: clientId,
    account_id: accountId,
    scopes: [...scopes],
    iat,
    exp: iat + 3600,
    jti: randomUUID(),
  };
}

export function employeeClaims(scopes: readonly string[]): Record<string, unknown> {
  const iat = nowSeconds();
  return {
    iss: environment().TOKEN_ISSUER,
    aud: environment().ADMIN_AUDIENCE,
    sub: 'employee-42',
    client_id: 'admin-spa',
    roles: ['admin'],
    scopes: [...scopes],
    iat,
    exp: iat + 3600,
    jti: randomUUID(),
  };
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** ES256 with the stage's key unless the header or key says otherwise. */
export async function signed(
  claims: Record<string, unknown>,
  header: Record<string, unknown> = {},
  signingKey?: { kid: string; key: CryptoKey },
): Promise<string> {
  const { kid, key } = signingKey ?? (await stageSigningKey());
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid, ...header })
    .sign(key);
}

/** `alg: none`, no signature. */
export async function unsigned(claims: Record<string, unknown>): Promise<string> {
  const { kid } = await stageSigningKey();
  return `${encode({ alg: 'none', typ: 'at+jwt', kid })}.${encode(claims)}.`;
}

/** The classic key confusion: HS256 keyed with the published public key. */
export async function hmacWithPublicKey(claims: Record<string, unknown>): Promise<string> {
  const { kid, publicJwk } = await stageSigningKey();
  const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid })
    .sign(secret);
}

/** A key the service never published, presented under a kid of the attacker's choice. */
export async function foreignKey(kid: string): Promise<{ kid: string; key: CryptoKey; jwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid, key: privateKey, jwk: await exportJWK(publicKey) };
}
