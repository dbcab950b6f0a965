import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { LocalFileSigningKeys } from '../../../shared/crypto/local-signing-keys.ts';
import { request } from '../../support/api.ts';

const environment = () => inject('endpoints').environment;

interface StoredKeySet {
  keys: { kid: string; key_ref?: string; public_jwk: Record<string, unknown> }[];
}

async function storedSet(file: string): Promise<{ raw: string; set: StoredKeySet }> {
  const secretsDir = environment().SECRETS_DIR ?? '';
  const raw = await readFile(join(secretsDir, file), 'utf8');
  return { raw, set: JSON.parse(raw) as StoredKeySet };
}

describe('the stage’s signing keys', () => {
  it('are named by the key sets and kept in key files, as KMS keys are in AWS: no secret holds a private key', async () => {
    for (const file of ['signing-keys.json', 'pass-signing-keys.json']) {
      const { raw, set } = await storedSet(file);

      expect(raw, file).not.toMatch(/"d":|private_jwk/);
      for (const key of set.keys) expect(key.key_ref, file).toMatch(/^local-file:/);
    }
  });

  it('publish in the JWKS the public half of the key file that signs', async () => {
    const { set } = await storedSet('signing-keys.json');
    const active = set.keys.at(-1);
    if (!active?.key_ref) throw new Error('no signing key');
    const keyFile = LocalFileSigningKeys.fileOf(environment().LOCAL_SIGNING_KEYS_DIR ?? '', active.key_ref);
    const { x, y } = JSON.parse(await readFile(keyFile, 'utf8')) as { x: string; y: string };

    const jwks = await request<{ keys: { kid: string; x: string; y: string }[] }>(
      'GET',
      '/.well-known/jwks.json',
      { host: 'auth' },
    );

    expect(jwks.body.keys.find((key) => key.kid === active.kid)).toMatchObject({ x, y });
  });
});
