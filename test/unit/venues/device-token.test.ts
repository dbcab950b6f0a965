import { randomUUID } from 'node:crypto';
import { generateKeyPair as dpopKeyPair, generateProof } from 'dpop';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyClientAssertion, verifyDpopProof } from '../../../shared/auth/device-proofs.ts';
import { issueDeviceToken, jwtBearerAssertionType } from '../../../shared/domain/venues/device-token.ts';
import type { Device, Venue } from '../../../shared/domain/venues/model.ts';
import type { DeviceTokenPorts, ProofUse } from '../../../shared/domain/venues/ports.ts';
import { OAuthError } from '../../../shared/vocabulary/oauth-error.ts';
import { MemoryDevices, MemoryVenues } from './fakes.ts';

const tokenUrl = 'https://auth.test/oauth/v2/token';
const venueId = '0b3c6a7e-0000-4000-8000-0000000000a1';
const deviceId = '0b3c6a7e-0000-4000-8000-0000000000d1';

class MemoryReplayGuard {
  readonly seen = new Set<string>();
  async firstUse(use: ProofUse) {
    const key = `${use.kind}|${use.issuer}|${use.jti}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}

async function setUp({ deviceStatus = 'Active', venueStatus = 'Active' } = {}) {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const { x, y } = await exportJWK(publicKey);
  const venues = new MemoryVenues();
  const devices = new MemoryDevices();
  const at = '2030-01-01T00:00:00.000Z';
  venues.venues.set(venueId, {
    venueId,
    name: 'V',
    lounges: [],
    fastTracks: [],
    status: venueStatus,
    createdAt: at,
    updatedAt: at,
  } as Venue);
  devices.devices.set(deviceId, {
    deviceId,
    venueId,
    name: 'Tablet',
    publicJwk: { kty: 'EC', crv: 'P-256', x: String(x), y: String(y) },
    jwkThumbprint: 'unused',
    status: deviceStatus,
    createdAt: at,
    updatedAt: at,
  } as Device);
  const issued: unknown[] = [];
  const ports: DeviceTokenPorts = {
    devices,
    venues,
    proofs: { clientAssertion: verifyClientAssertion, dpopProof: verifyDpopProof },
    replays: new MemoryReplayGuard(),
    tokens: {
      async issueDeviceToken(claims) {
        issued.push(claims);
        return { accessToken: 'signed', expiresIn: 3600, scopes: claims.scopes };
      },
    },
  };
  const dpopKeys = await dpopKeyPair('ES256');
  const assertion = (jti: string = randomUUID()) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(deviceId)
      .setSubject(deviceId)
      .setAudience(tokenUrl)
      .setIssuedAt()
      .setExpirationTime('1m')
      .setJti(jti)
      .sign(privateKey);
  const request = async (overrides: Record<string, unknown> = {}) => ({
    clientId: deviceId,
    clientAssertionType: jwtBearerAssertionType,
    clientAssertion: await assertion(),
    scope: undefined,
    dpopProofs: [await generateProof(dpopKeys, tokenUrl, 'POST')],
    tokenUrl,
    ...overrides,
  });
  return { ports, issued, request, assertion, dpopKeys };
}

async function oauthErrorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OAuthError) return `${error.status} ${error.error}`;
    throw error;
  }
  throw new Error('expected an OAuth error');
}

describe('the token grant of a venue device', () => {
  it('issues a token bound to the DPoP key, naming the venue, with both pass scopes', async () => {
    const { ports, issued, request } = await setUp();

    const token = await issueDeviceToken(ports, await request(), new Date());

    expect(token).toEqual({
      accessToken: 'signed',
      expiresIn: 3600,
      scopes: ['passes:verify', 'passes:redeem'],
    });
    expect(issued).toEqual([
      {
        deviceId,
        venueId,
        jkt: expect.stringMatching(/^[\w-]{43}$/),
        scopes: ['passes:verify', 'passes:redeem'],
      },
    ]);
  });

  it('narrows to the requested scopes, and refuses scopes a device cannot hold with invalid_scope', async () => {
    const { ports, request } = await setUp();

    const narrowed = await issueDeviceToken(ports, await request({ scope: 'passes:verify' }), new Date());

    expect(narrowed.scopes).toEqual(['passes:verify']);
    expect(
      await oauthErrorOf(issueDeviceToken(ports, await request({ scope: 'webhooks' }), new Date())),
    ).toBe('400 invalid_scope');
  });

  it('refuses a replayed DPoP proof with invalid_dpop_proof, and a replayed assertion with invalid_client', async () => {
    const { ports, request, assertion } = await setUp();
    const first = await request({ clientAssertion: await assertion('once') });
    await issueDeviceToken(ports, first, new Date());

    const sameProof = await request({ dpopProofs: first.dpopProofs });
    const sameAssertion = await request({ clientAssertion: await assertion('once') });

    expect(await oauthErrorOf(issueDeviceToken(ports, sameProof, new Date()))).toBe('400 invalid_dpop_proof');
    expect(await oauthErrorOf(issueDeviceToken(ports, sameAssertion, new Date()))).toBe('401 invalid_client');
  });

  it('refuses a request without a DPoP proof, or with two', async () => {
    const { ports, request, dpopKeys } = await setUp();
    const two = [
      await generateProof(dpopKeys, tokenUrl, 'POST'),
      await generateProof(dpopKeys, tokenUrl, 'POST'),
    ];

    expect(await oauthErrorOf(issueDeviceToken(ports, await request({ dpopProofs: [] }), new Date()))).toBe(
      '400 invalid_dpop_proof',
    );
    expect(await oauthErrorOf(issueDeviceToken(ports, await request({ dpopProofs: two }), new Date()))).toBe(
      '400 invalid_dpop_proof',
    );
  });

  it('refuses a proof for another URI with invalid_dpop_proof', async () => {
    const { ports, request, dpopKeys } = await setUp();
    const proof = await generateProof(dpopKeys, 'https://auth.test/elsewhere', 'POST');

    expect(
      await oauthErrorOf(issueDeviceToken(ports, await request({ dpopProofs: [proof] }), new Date())),
    ).toBe('400 invalid_dpop_proof');
  });

  it.each([
    ['a disabled device', { deviceStatus: 'Disabled' }, {}],
    ['a device of a disabled venue', { venueStatus: 'Disabled' }, {}],
    ['an unknown client_id', {}, { clientId: '0b3c6a7e-0000-4000-8000-0000000000ff' }],
    ['a client_id that is no device id', {}, { clientId: 'pts_partner' }],
  ])('answers invalid_client for %s', async (_case, state, overrides) => {
    const { ports, request } = await setUp(state);

    expect(await oauthErrorOf(issueDeviceToken(ports, await request(overrides), new Date()))).toBe(
      '401 invalid_client',
    );
  });

  it('answers invalid_request for another assertion type, and for a missing assertion', async () => {
    const { ports, request } = await setUp();

    for (const overrides of [{ clientAssertionType: 'urn:other' }, { clientAssertion: '' }])
      expect(await oauthErrorOf(issueDeviceToken(ports, await request(overrides), new Date()))).toBe(
        '400 invalid_request',
      );
  });
});
