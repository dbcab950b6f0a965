import { describe, expect, it } from 'vitest';
import {
  newPassSigningKeySet,
  PassKeys,
  passJwks,
  signPassToken,
  verifyPassToken,
} from '../../../shared/pki/pass-signing.ts';
import type { SecretStore } from '../../../shared/secrets/store.ts';

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
    const set = await newPassSigningKeySet();

    const token = await signPassToken(set, claims);

    expect(await verifyPassToken(token, passJwks(set), during)).toEqual(claims);
  });

  it('is a compact JWS of type pass+jwt whose kid names the signing key', async () => {
    const set = await newPassSigningKeySet();

    const [header] = (await signPassToken(set, claims)).split('.');

    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'ES256',
      kid: set.keys[0]?.kid,
      typ: 'pass+jwt',
    });
  });

  it('fails verification when a claim was altered', async () => {
    const set = await newPassSigningKeySet();
    const [header, payload, signature] = (await signPassToken(set, claims)).split('.');
    const altered = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    altered.gst = 9;
    const forged = `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`;

    await expect(verifyPassToken(forged, passJwks(set), during)).rejects.toThrow();
  });

  it('fails verification with another key set', async () => {
    const token = await signPassToken(await newPassSigningKeySet(), claims);

    await expect(verifyPassToken(token, passJwks(await newPassSigningKeySet()), during)).rejects.toThrow();
  });

  it('fails verification outside its validity window', async () => {
    const set = await newPassSigningKeySet();
    const token = await signPassToken(set, claims);

    await expect(
      verifyPassToken(token, passJwks(set), new Date('2030-06-01T00:00:00.000Z')),
    ).rejects.toThrow();
    await expect(
      verifyPassToken(token, passJwks(set), new Date('2030-04-30T00:00:00.000Z')),
    ).rejects.toThrow();
  });

  it('publishes public key material only', async () => {
    const jwks = passJwks(await newPassSigningKeySet());

    expect(Object.keys(jwks.keys[0] ?? {}).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
  });
});

describe('the pass signing keys', () => {
  it('are created on first use where the stage may generate them, and then reused', async () => {
    const store = new MemoryStore();
    const keys = new PassKeys(
      () => store,
      () => 'pass-signing-keys',
      () => true,
    );

    const first = await keys.jwks();
    const again = await new PassKeys(
      () => store,
      () => 'pass-signing-keys',
      () => false,
    ).jwks();

    expect(first.keys).toHaveLength(1);
    expect(again).toEqual(first);
  });

  it('are a deployment fault when missing where they are provisioned (AWS)', async () => {
    const keys = new PassKeys(
      () => new MemoryStore(),
      () => 'pass-signing-keys',
      () => false,
    );

    await expect(keys.sign(claims)).rejects.toThrow(/pass-signing-keys/);
  });

  it('publish an empty set while none exists, and the set as soon as the signer created it', async () => {
    const store = new MemoryStore();
    const publisher = new PassKeys(
      () => store,
      () => 'pass-signing-keys',
      () => false,
    );
    const signer = new PassKeys(
      () => store,
      () => 'pass-signing-keys',
      () => true,
    );

    const before = await publisher.jwks();
    await signer.sign(claims);
    const after = await publisher.jwks();

    expect(before.keys).toEqual([]);
    expect(after.keys).toHaveLength(1);
  });
});
