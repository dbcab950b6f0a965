import { describe, expect, it } from 'vitest';
import { signCompactJws } from '../../../shared/crypto/jws.ts';
import {
  ensurePassSigningKeys,
  newPassSigningKeySet,
  PassKeys,
  PublishedPassKeys,
  passJwks,
  readPassSigningKeys,
  readPassToken,
  signPassToken,
  verifyPassToken,
} from '../../../shared/pki/pass-signing.ts';
import type { SecretStore } from '../../../shared/secrets/store.ts';
import { MemorySigningKeys } from '../../support/memory-signing-keys.ts';

const claims = {
  passId: '5d1f3c2a-9e8b-4c7d-a6f5-e4d3c2b1a098',
  bookingId: '019a0000-0000-7000-8000-000000000001',
  serviceType: 'Lounge' as const,
  serviceId: 'fc569dee-5236-518b-9f85-88c1b24f553f',
  guestsCount: 3,
  validFrom: '2030-05-01T09:00:00.000Z',
  validUntil: '2030-05-31T09:00:00.000Z',
};
const during = new Date('2030-05-10T12:00:00.000Z');
const vault = new MemorySigningKeys();
const inVault = async () => vault;

class MemoryStore implements SecretStore {
  readonly values = new Map<string, string>();
  async get(id: string) {
    return this.values.get(id);
  }
  async put(id: string, value: string) {
    this.values.set(id, value);
  }
}

describe('a pass QR payload', () => {
  it('verifies offline against the published keys and carries the pass', async () => {
    const set = await newPassSigningKeySet(vault);

    const token = await signPassToken(vault.signerOfFirst(set), claims);

    expect(await verifyPassToken(token, passJwks(set), during)).toEqual(claims);
  });

  it('is a compact JWS of type pass+jwt whose kid names the signing key', async () => {
    const set = await newPassSigningKeySet(vault);

    const [header] = (await signPassToken(vault.signerOfFirst(set), claims)).split('.');

    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'ES256',
      kid: set.keys[0]?.kid,
      typ: 'pass+jwt',
    });
  });

  it('fails verification when a claim was altered', async () => {
    const set = await newPassSigningKeySet(vault);
    const [header, payload, signature] = (await signPassToken(vault.signerOfFirst(set), claims)).split('.');
    const altered = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    altered.gst = 9;
    const forged = `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`;

    await expect(verifyPassToken(forged, passJwks(set), during)).rejects.toThrow();
  });

  it('fails verification with another key set', async () => {
    const token = await signPassToken(vault.signerOfFirst(await newPassSigningKeySet(vault)), claims);

    await expect(
      verifyPassToken(token, passJwks(await newPassSigningKeySet(vault)), during),
    ).rejects.toThrow();
  });

  it('fails verification outside its validity window', async () => {
    const set = await newPassSigningKeySet(vault);
    const token = await signPassToken(vault.signerOfFirst(set), claims);

    await expect(
      verifyPassToken(token, passJwks(set), new Date('2030-06-01T00:00:00.000Z')),
    ).rejects.toThrow();
    await expect(
      verifyPassToken(token, passJwks(set), new Date('2030-04-30T00:00:00.000Z')),
    ).rejects.toThrow();
  });

  it('publishes public key material only', async () => {
    const jwks = passJwks(await newPassSigningKeySet(vault));

    expect(Object.keys(jwks.keys[0] ?? {}).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
  });
});

const ids = { keySet: 'pass-signing-keys', publicJwks: 'pass-keys-public' };

describe('a pass QR read by the venue API', () => {
  it('carries the pass whatever the time: an expired pass is still a pass (refused later as PassExpired)', async () => {
    const set = await newPassSigningKeySet(vault);
    const token = await signPassToken(vault.signerOfFirst(set), {
      ...claims,
      validUntil: '2001-01-01T00:00:00.000Z',
    });

    expect(await readPassToken(token, passJwks(set))).toMatchObject({ passId: claims.passId });
  });

  it('is not a pass when signed by another key set, altered, malformed or of another typ', async () => {
    const set = await newPassSigningKeySet(vault);
    const token = await signPassToken(vault.signerOfFirst(set), claims);
    const [header, payload, signature] = token.split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), gst: 9 }),
    ).toString('base64url');
    const accessToken = await signCompactJws('at+jwt', { sub: claims.passId }, vault.signerOfFirst(set));

    for (const qr of [
      await signPassToken(vault.signerOfFirst(await newPassSigningKeySet(vault)), claims),
      `${header}.${altered}.${signature}`,
      'not-a-jws',
      accessToken,
    ]) {
      expect(await readPassToken(qr, passJwks(set))).toBeUndefined();
    }
  });
});

describe('the pass signing keys', () => {
  it('are created on first use where the stage may generate them, then reused, with their public half published', async () => {
    const store = new MemoryStore();
    const generating = new PassKeys(
      () => store,
      () => ids,
      () => true,
      inVault,
    );

    const token = await generating.sign(claims);
    const published = await new PublishedPassKeys(
      () => store,
      () => ids.publicJwks,
    ).jwks();
    const again = await readPassSigningKeys(store, ids.keySet);

    expect(published.keys).toHaveLength(1);
    expect((await verifyPassToken(token, published, during)).passId).toBe(claims.passId);
    expect(passJwks(again ?? { keys: [] }).keys).toEqual(published.keys);
  });

  it('are a deployment fault when missing where they are provisioned (AWS)', async () => {
    const keys = new PassKeys(
      () => new MemoryStore(),
      () => ids,
      () => false,
      inVault,
    );

    await expect(keys.sign(claims)).rejects.toThrow(/pass-signing-keys/);
  });

  it('publish an empty set while none exists, and the set as soon as the signer created it', async () => {
    const store = new MemoryStore();
    const publisher = new PublishedPassKeys(
      () => store,
      () => ids.publicJwks,
    );
    const signer = new PassKeys(
      () => store,
      () => ids,
      () => true,
      inVault,
    );

    const before = await publisher.jwks();
    await signer.sign(claims);
    const after = await publisher.jwks();

    expect(before.keys).toEqual([]);
    expect(after.keys).toHaveLength(1);
  });

  it('hold no private key material in either secret: the set names the key in the vault', async () => {
    const store = new MemoryStore();

    const set = await ensurePassSigningKeys(store, ids, vault);

    expect(await store.get(ids.publicJwks)).not.toMatch(/"d":/);
    expect(await store.get(ids.keySet)).not.toMatch(/"d":|private_jwk/);
    expect(vault.keys.get(set.keys[0]?.key_ref ?? '')?.purpose).toBe('pass');
  });

  it('republish the public half of a set an operator loaded without it', async () => {
    const store = new MemoryStore();
    const loaded = await newPassSigningKeySet(vault);
    await store.put(ids.keySet, JSON.stringify(loaded));

    await ensurePassSigningKeys(store, ids, vault);

    expect(JSON.parse((await store.get(ids.publicJwks)) ?? '{}')).toEqual(passJwks(loaded));
  });
});
