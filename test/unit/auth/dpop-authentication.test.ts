import { generateKeyPair, generateProof } from 'dpop';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AuthenticationDependencies, authenticate } from '../../../shared/auth/authenticate.ts';
import { rotateSigningKeys } from '../../../shared/auth/signing-keys.ts';
import { issueDeviceToken, issuePartnerToken } from '../../../shared/auth/token-issuer.ts';
import { defaultPartnerCaSubject } from '../../../shared/config/env.ts';
import { ApiError, UnauthorizedError } from '../../../shared/domain/errors.ts';
import { statusOf } from '../../../shared/http/problem.ts';
import type { RouteAuth } from '../../../shared/routes/types.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { useLocalConfig } from './local-config.ts';

/* The venue host's authentication (docs/venues.md): DPoP-bound device tokens and a proof per request. */

const venueUrl = 'https://venue.test.invalid';
const url = `${venueUrl}/v2/venue/items`;
const venueId = '0b3c6a7e-0000-4000-8000-0000000000a1';
const deviceId = '0b3c6a7e-0000-4000-8000-0000000000d1';
const auth: RouteAuth = { scope: 'passes:verify', alternatives: ['passes:redeem'], audiences: ['device'] };

describe('DPoP-bound device tokens on the venue host', () => {
  const now = new Date();
  let cleanUp: () => Promise<void>;
  beforeEach(async () => {
    ({ cleanUp } = await useLocalConfig());
    await rotateSigningKeys(secretStore(), now);
  });
  afterEach(() => cleanUp());

  function dependencies(disabled = false) {
    const spent = new Set<string>();
    const deps: AuthenticationDependencies = {
      partnerCaSubject: () => defaultPartnerCaSubject,
      status: { requireActive: async () => {} },
      certificates: { requireActive: async () => {} },
      employees: { requireNotRevoked: async () => {} },
      devices: {
        requireActive: async () => {
          if (disabled) throw new UnauthorizedError('disabled');
        },
      },
      replays: {
        firstUse: async (use) => {
          if (spent.has(use.jti)) return false;
          spent.add(use.jti);
          return true;
        },
      },
      now: () => new Date(),
    };
    return deps;
  }

  async function aDevice() {
    const keys = await generateKeyPair('ES256');
    const jkt = await calculateJwkThumbprint(await exportJWK(keys.publicKey));
    const { accessToken } = await issueDeviceToken(
      { deviceId, venueId, jkt, scopes: ['passes:verify', 'passes:redeem'] },
      now,
    );
    return { keys, accessToken };
  }

  const call = (
    authorization: string | undefined,
    proof: string | undefined,
    deps = dependencies(),
    request = { method: 'GET', url },
  ) =>
    authenticate(
      {
        auth,
        authorization,
        clientCertificate: null,
        certificateRequired: false,
        dpop: { proof, ...request },
      },
      deps,
    );

  async function refusal(
    promise: Promise<unknown>,
  ): Promise<{ status: number; challenge: string | undefined }> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return { status: statusOf(error), challenge: error.headers?.['WWW-Authenticate'] };
  }

  it('makes a device principal from the token and a proof by its key', async () => {
    const { keys, accessToken } = await aDevice();
    const proof = await generateProof(keys, url, 'GET', undefined, accessToken);

    const principal = await call(`DPoP ${accessToken}`, proof);

    expect(principal).toMatchObject({ kind: 'device', subject: deviceId, venueId });
  });

  it('refuses a stolen token used with a proof by another key (401 invalid_dpop_proof)', async () => {
    const { accessToken } = await aDevice();
    const thief = await generateKeyPair('ES256');
    const proof = await generateProof(thief, url, 'GET', undefined, accessToken);

    expect(await refusal(call(`DPoP ${accessToken}`, proof))).toEqual({
      status: 401,
      challenge: 'DPoP algs="ES256", error="invalid_dpop_proof"',
    });
  });

  it('refuses the token without a proof, a proof without ath, a replayed proof and a proof for another request', async () => {
    const { keys, accessToken } = await aDevice();
    const deps = dependencies();
    const proof = await generateProof(keys, url, 'GET', undefined, accessToken);
    await call(`DPoP ${accessToken}`, proof, deps);
    const invalidProof = { status: 401, challenge: 'DPoP algs="ES256", error="invalid_dpop_proof"' };

    expect(await refusal(call(`DPoP ${accessToken}`, undefined, deps))).toEqual(invalidProof);
    expect(await refusal(call(`DPoP ${accessToken}`, await generateProof(keys, url, 'GET'), deps))).toEqual(
      invalidProof,
    );
    expect(await refusal(call(`DPoP ${accessToken}`, proof, deps))).toEqual(invalidProof);
    const forPost = await generateProof(keys, url, 'POST', undefined, accessToken);
    expect(await refusal(call(`DPoP ${accessToken}`, forPost, deps))).toEqual(invalidProof);
  });

  it('refuses the token sent as Bearer, and a partner token, on the venue host', async () => {
    const { keys, accessToken } = await aDevice();
    const partner = await issuePartnerToken(
      { clientId: 'pts_c', accountId: venueId, scopes: ['webhooks'] },
      now,
    );
    const proof = () => generateProof(keys, url, 'GET', undefined, accessToken);

    expect(await refusal(call(`Bearer ${accessToken}`, await proof()))).toEqual({
      status: 401,
      challenge: 'DPoP algs="ES256", error="invalid_token"',
    });
    expect((await refusal(call(`DPoP ${partner.accessToken}`, await proof()))).status).toBe(403);
  });

  it('refuses a device token on a partner route with 403 (audience)', async () => {
    const { accessToken } = await aDevice();

    const refused = await refusal(
      authenticate(
        {
          auth: { scope: 'webhooks' },
          authorization: `Bearer ${accessToken}`,
          clientCertificate: null,
          certificateRequired: false,
        },
        dependencies(),
      ),
    );

    expect(refused.status).toBe(403);
  });

  it('refuses the token of a disabled device or venue', async () => {
    const { keys, accessToken } = await aDevice();
    const proof = await generateProof(keys, url, 'GET', undefined, accessToken);

    expect((await refusal(call(`DPoP ${accessToken}`, proof, dependencies(true)))).status).toBe(401);
  });
});
