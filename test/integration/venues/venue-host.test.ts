import { generateKeyPair as generateDpopKeys, generateProof } from 'dpop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import { api, request, stage } from '../../support/api.ts';
import { asOperator } from '../admin/operator.ts';
import { catalog } from '../booking/helpers.ts';
import { type OwnGateway, ownGateway } from '../quotas/own-gateway.ts';
import { deviceToken, enrolledScanner, type Scanner } from './support.ts';

/* venue_url: DPoP-bound device tokens, a fresh proof per request (docs/venues.md). */

const itemsPath = '/v2/venue/items';
/** Proofs name the venue API's configured URL, whichever listener carries the request. */
const itemsUrl = () => `${stage().venue_url}${itemsPath}`;

async function tokenOf(scanner: Scanner): Promise<string> {
  const issued = await deviceToken(scanner);
  if (!issued.body.access_token) throw new Error(`No token: ${JSON.stringify(issued.body)}`);
  return issued.body.access_token;
}

async function items(scanner: Scanner, token: string, keys = scanner.keys, send = request) {
  const proof = await generateProof(keys, itemsUrl(), 'GET', undefined, token);
  return send<Record<string, unknown>>('GET', itemsPath, {
    host: 'venue',
    cert: null,
    headers: { authorization: `DPoP ${token}`, dpop: proof },
  });
}

describe('the venue host', () => {
  it('answers a device token with a fresh proof: the items of its venue', async () => {
    const scanner = await enrolledScanner();

    const answered = await items(scanner, await tokenOf(scanner));

    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      venue_id: scanner.venueId,
      lounges: [catalog.lounge],
      fast_tracks: [catalog.fastTrack],
    });
  });

  it('refuses a stolen token used without its key: 401 with WWW-Authenticate DPoP invalid_dpop_proof', async () => {
    const scanner = await enrolledScanner();
    const token = await tokenOf(scanner);

    const stolen = await items(scanner, token, await generateDpopKeys('ES256'));

    expect([stolen.status, stolen.body.code]).toEqual([401, 'Unauthorized']);
    expect(stolen.headers['www-authenticate']).toBe('DPoP algs="ES256", error="invalid_dpop_proof"');
  });

  it('refuses the token without a proof, and a replayed proof (401)', async () => {
    const scanner = await enrolledScanner();
    const token = await tokenOf(scanner);
    const proof = await generateProof(scanner.keys, itemsUrl(), 'GET', undefined, token);
    const send = (headers: Record<string, string>) =>
      request('GET', itemsPath, { host: 'venue', cert: null, headers });

    const first = await send({ authorization: `DPoP ${token}`, dpop: proof });
    const replayed = await send({ authorization: `DPoP ${token}`, dpop: proof });
    const withoutProof = await send({ authorization: `DPoP ${token}` });

    expect(first.status).toBe(200);
    for (const refused of [replayed, withoutProof]) {
      expect([refused.status, refused.body.code]).toEqual([401, 'Unauthorized']);
      expect(refused.headers['www-authenticate']).toContain('error="invalid_dpop_proof"');
    }
  });

  it('refuses a partner token on the venue host, and a device token on the partner and admin APIs', async () => {
    const scanner = await enrolledScanner();
    const token = await tokenOf(scanner);
    const partnerToken = await api(0).token();

    const partnerOnVenue = await request('GET', itemsPath, {
      host: 'venue',
      cert: null,
      headers: { authorization: `Bearer ${partnerToken}` },
    });
    const deviceOnPartnerApi = await request('GET', '/v2/catalog/lounges?limit=1', { cert: 0, token });
    const deviceOnAdminApi = await request('GET', '/api/v1/admin/venues', {
      host: 'admin',
      cert: null,
      token,
    });

    expect([partnerOnVenue.status, partnerOnVenue.body.code]).toEqual([401, 'Unauthorized']);
    expect([deviceOnPartnerApi.status, deviceOnPartnerApi.body.code]).toEqual([403, 'Forbidden']);
    expect([deviceOnAdminApi.status, deviceOnAdminApi.body.code]).toEqual([403, 'Forbidden']);
  });
});

describe('a disabled device', () => {
  /** The stage trusts what it read about a device for 2 s (PRINCIPAL_STATUS_TTL_SECONDS in the setup). */
  const boundMs = 2_000;
  const clock = TestClock.running();
  let venueApi: OwnGateway;
  let restoreClock: () => void;

  beforeAll(async () => {
    restoreClock = useClock(clock);
    venueApi = await ownGateway({ host: 'venue', clock });
  });
  afterAll(async () => {
    await venueApi.close();
    restoreClock();
  });

  it('is cut off once the standing cache bound has passed', async () => {
    const scanner = await enrolledScanner();
    const token = await tokenOf(scanner);
    const send = venueApi.client.request;
    expect((await items(scanner, token, scanner.keys, send)).status).toBe(200);

    await asOperator('POST', `/v2/admin/venues/${scanner.venueId}/devices/${scanner.deviceId}/disable`);
    clock.advance(boundMs);
    const refused = await items(scanner, token, scanner.keys, send);

    expect([refused.status, refused.body.code]).toEqual([401, 'Unauthorized']);
    expect(refused.headers['www-authenticate']).toBe('DPoP algs="ES256", error="invalid_token"');
  });
});
