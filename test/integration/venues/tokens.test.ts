import { generateKeyPair as generateDpopKeys, generateProof } from 'dpop';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { stage } from '../../support/api.ts';
import { asOperator, claimsOf, headerOf } from '../admin/operator.ts';
import { clientAssertion, deviceToken, enrolledScanner, tokenUrl } from './support.ts';

/* The token endpoint for venue devices: private_key_jwt (RFC 7523) and DPoP (RFC 9449), on auth_url. */

describe('device tokens', () => {
  it('issues a one-hour DPoP token for the venue API, bound to the proof key and naming the venue', async () => {
    const scanner = await enrolledScanner();

    const issued = await deviceToken(scanner);

    expect(issued.status).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    expect(issued.body).toMatchObject({
      token_type: 'DPoP',
      expires_in: 3600,
      scope: 'passes:verify passes:redeem',
    });
    const token = issued.body.access_token ?? '';
    expect(headerOf(token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(claimsOf(token)).toMatchObject({
      aud: stage().venue_url,
      sub: scanner.deviceId,
      client_id: scanner.deviceId,
      venue_id: scanner.venueId,
      scopes: ['passes:verify', 'passes:redeem'],
      cnf: { jkt: await calculateJwkThumbprint(await exportJWK(scanner.keys.publicKey)) },
    });
  });

  it('binds the token to whichever key made the DPoP proof', async () => {
    const scanner = await enrolledScanner();
    const otherKeys = await generateDpopKeys('ES256');

    const issued = await deviceToken(scanner, { proof: await generateProof(otherKeys, tokenUrl(), 'POST') });

    expect(claimsOf(issued.body.access_token ?? '').cnf).toEqual({
      jkt: await calculateJwkThumbprint(await exportJWK(otherKeys.publicKey)),
    });
  });

  it('refuses a request without a DPoP proof, a replayed proof and a proof for another URI (400 invalid_dpop_proof)', async () => {
    const scanner = await enrolledScanner();
    const proof = await generateProof(scanner.keys, tokenUrl(), 'POST');
    await deviceToken(scanner, { proof });

    for (const refused of [
      await deviceToken(scanner, { proof: null }),
      await deviceToken(scanner, { proof }),
      await deviceToken(scanner, {
        proof: await generateProof(scanner.keys, `${stage().auth_url}/other`, 'POST'),
      }),
    ]) {
      expect([refused.status, refused.body.error]).toEqual([400, 'invalid_dpop_proof']);
    }
  });

  it('refuses a replayed assertion, an assertion by another key and one for another audience (401 invalid_client)', async () => {
    const scanner = await enrolledScanner();
    const assertion = await clientAssertion(scanner);
    await deviceToken(scanner, { assertion });
    const impostor = { ...scanner, keys: await generateDpopKeys('ES256') };

    for (const refused of [
      await deviceToken(scanner, { assertion }),
      await deviceToken(scanner, { assertion: await clientAssertion(impostor) }),
      await deviceToken(scanner, { assertion: await clientAssertion(scanner, { aud: stage().auth_url }) }),
    ]) {
      expect([refused.status, refused.body.error]).toEqual([401, 'invalid_client']);
    }
  });

  it('gives a disabled device no token, nor a device of a disabled venue', async () => {
    const scanner = await enrolledScanner();
    const sibling = await enrolledScanner(scanner.venueId);
    const other = await enrolledScanner();
    await asOperator('POST', `/v2/admin/venues/${scanner.venueId}/devices/${scanner.deviceId}/disable`);
    await asOperator('POST', `/v2/admin/venues/${other.venueId}/disable`);

    const disabled = await deviceToken(scanner);
    const ofDisabledVenue = await deviceToken(other);
    const stillActive = await deviceToken(sibling);

    expect([disabled.status, disabled.body.error]).toEqual([401, 'invalid_client']);
    expect([ofDisabledVenue.status, ofDisabledVenue.body.error]).toEqual([401, 'invalid_client']);
    expect(stillActive.status).toBe(200);
  });

  it('refuses scopes a device cannot hold with 400 invalid_scope', async () => {
    const scanner = await enrolledScanner();
    const refused = await deviceToken(scanner, { scope: 'webhooks' });
    expect([refused.status, refused.body.error]).toEqual([400, 'invalid_scope']);
  });
});
