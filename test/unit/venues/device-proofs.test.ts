import { randomUUID } from 'node:crypto';
import { generateKeyPair as dpopKeyPair, generateProof } from 'dpop';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  accessTokenHash,
  InvalidProofError,
  verifyClientAssertion,
  verifyDpopProof,
} from '../../../shared/auth/device-proofs.ts';
import type { DevicePublicJwk } from '../../../shared/domain/venues/model.ts';

const tokenUrl = 'https://auth.test/oauth/v2/token';
const deviceId = '0b3c6a7e-0000-4000-8000-0000000000d1';

async function aDeviceKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const { x, y } = await exportJWK(publicKey);
  return {
    privateKey,
    publicJwk: { kty: 'EC', crv: 'P-256', x: String(x), y: String(y) } as DevicePublicJwk,
  };
}

async function anAssertion(
  privateKey: Parameters<SignJWT['sign']>[0],
  { iss = deviceId, aud = tokenUrl, exp = '2m', jti = randomUUID() as string } = {},
) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(iss)
    .setSubject(deviceId)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(privateKey);
}

const refusalOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as Error,
  );

describe('client assertions (RFC 7523)', () => {
  it("accepts one signed by the device's key for the token endpoint, and says how long to keep its jti", async () => {
    const { privateKey, publicJwk } = await aDeviceKey();
    const assertion = await anAssertion(privateKey, { jti: 'assertion-1' });

    const verified = await verifyClientAssertion(
      assertion,
      { deviceId, publicJwk },
      { tokenUrl, now: new Date() },
    );

    expect(verified.jti).toBe('assertion-1');
    expect(verified.keepUntil.getTime()).toBeGreaterThan(Date.now() + 110_000);
  });

  it('refuses one signed by another key', async () => {
    const { publicJwk } = await aDeviceKey();
    const other = await aDeviceKey();
    const assertion = await anAssertion(other.privateKey);

    const refused = await refusalOf(
      verifyClientAssertion(assertion, { deviceId, publicJwk }, { tokenUrl, now: new Date() }),
    );

    expect(refused).toBeInstanceOf(InvalidProofError);
  });

  it('refuses another audience, another issuer, and a lifetime beyond five minutes', async () => {
    const { privateKey, publicJwk } = await aDeviceKey();
    const device = { deviceId, publicJwk };
    const now = new Date();

    for (const assertion of [
      await anAssertion(privateKey, { aud: 'https://elsewhere.test/token' }),
      await anAssertion(privateKey, { iss: 'someone-else' }),
      await anAssertion(privateKey, { exp: '10m' }),
    ])
      expect(await refusalOf(verifyClientAssertion(assertion, device, { tokenUrl, now }))).toBeInstanceOf(
        InvalidProofError,
      );
  });
});

describe('DPoP proofs (RFC 9449)', () => {
  it('accepts a fresh proof for the request and answers the RFC 7638 thumbprint of its key', async () => {
    const keys = await dpopKeyPair('ES256');
    const proof = await generateProof(keys, tokenUrl, 'POST');

    const verified = await verifyDpopProof(proof, { method: 'POST', url: tokenUrl, now: new Date() });

    expect(verified.jkt).toBe(await calculateJwkThumbprint(await exportJWK(keys.publicKey)));
    expect(verified.keepUntil.getTime()).toBeGreaterThan(Date.now() + 120_000);
  });

  it('ignores the query of htu, as RFC 9449 compares', async () => {
    const keys = await dpopKeyPair('ES256');
    const proof = await generateProof(keys, `${tokenUrl}?x=1`, 'POST');

    await expect(
      verifyDpopProof(proof, { method: 'POST', url: tokenUrl, now: new Date() }),
    ).resolves.toBeDefined();
  });

  it.each([
    ['another method', 'GET', tokenUrl],
    ['another URI', 'POST', 'https://auth.test/oauth/v2/other'],
    ['another host', 'POST', 'https://evil.test/oauth/v2/token'],
  ])('refuses a proof made for %s', async (_case, method, url) => {
    const keys = await dpopKeyPair('ES256');
    const proof = await generateProof(keys, url, method);

    const refused = await refusalOf(
      verifyDpopProof(proof, { method: 'POST', url: tokenUrl, now: new Date() }),
    );

    expect(refused).toBeInstanceOf(InvalidProofError);
  });

  it('refuses a proof older than its window, and one from the future beyond the skew', async () => {
    const keys = await dpopKeyPair('ES256');
    const proof = await generateProof(keys, tokenUrl, 'POST');
    const later = new Date(Date.now() + 200_000);
    const earlier = new Date(Date.now() - 60_000);

    for (const now of [later, earlier])
      expect(await refusalOf(verifyDpopProof(proof, { method: 'POST', url: tokenUrl, now }))).toBeInstanceOf(
        InvalidProofError,
      );
  });

  it('requires ath, the hash of the access token, when a token is presented', async () => {
    const keys = await dpopKeyPair('ES256');
    const url = 'https://venue.test/v2/venue/items';
    const withoutAth = await generateProof(keys, url, 'GET');
    const withAth = await generateProof(keys, url, 'GET', undefined, 'the-token');
    const request = { method: 'GET', url, now: new Date(), accessToken: 'the-token' };

    expect(await refusalOf(verifyDpopProof(withoutAth, request))).toBeInstanceOf(InvalidProofError);
    await expect(verifyDpopProof(withAth, request)).resolves.toBeDefined();
    expect(accessTokenHash('the-token')).toMatch(/^[\w-]{43}$/);
    expect(await refusalOf(verifyDpopProof(withAth, { ...request, accessToken: 'another' }))).toBeInstanceOf(
      InvalidProofError,
    );
  });

  it('refuses a proof whose header carries a private key, and one that is no dpop+jwt', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const now = new Date();
    const claims = { htm: 'POST', htu: tokenUrl, jti: randomUUID() };
    const privateJwk = await exportJWK(privateKey);
    const withPrivate = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: privateJwk })
      .setIssuedAt()
      .sign(privateKey);
    const wrongType = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', jwk: await exportJWK(publicKey) })
      .setIssuedAt()
      .sign(privateKey);

    for (const proof of [withPrivate, wrongType])
      expect(await refusalOf(verifyDpopProof(proof, { method: 'POST', url: tokenUrl, now }))).toBeInstanceOf(
        InvalidProofError,
      );
  });
});
