import { OAuthError } from '../../vocabulary/oauth-error.ts';
import { canonicalScopes, type VenueDeviceScope, venueDeviceScopes } from '../../vocabulary/scopes.ts';
import type { DeviceTokenPorts } from './ports.ts';

/** RFC 7523 section 2.2: the only client assertion type. */
export const jwtBearerAssertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

const deviceIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** One answer for every client that cannot authenticate, so nothing is learnt about which part failed. */
const clientRefused = (cause?: unknown) =>
  new OAuthError(
    'invalid_client',
    'Client authentication failed.',
    cause === undefined ? undefined : { cause },
  );
const proofRefused = (description: string, cause?: unknown) =>
  new OAuthError('invalid_dpop_proof', description, cause === undefined ? undefined : { cause });

export interface DeviceTokenRequest {
  clientId: string | undefined;
  clientAssertionType: string | undefined;
  clientAssertion: string | undefined;
  scope: string | undefined;
  /** Every `DPoP` header of the request (exactly one is required). */
  dpopProofs: readonly string[];
  /** The token endpoint's URL: the assertion's `aud` and the proof's `htu`. */
  tokenUrl: string;
}

function deviceScopes(requested: string | undefined): VenueDeviceScope[] {
  const names = (requested ?? '').split(' ').filter((name) => name.length > 0);
  if (names.length === 0) return [...venueDeviceScopes];
  const wanted = new Set<string>(canonicalScopes(names));
  const granted = venueDeviceScopes.filter((scope) => wanted.has(scope));
  if (granted.length === 0) throw new OAuthError('invalid_scope', 'None of the requested scopes is allowed.');
  return granted;
}

/**
 * The client credentials grant of a venue device (docs/venues.md, Tokens): the device authenticates
 * with a client assertion signed by its enrolled key (RFC 7523) and proves a DPoP key (RFC 9449);
 * both `jti`s are spent once. The token is bound to the DPoP key (`cnf.jkt`) and names the venue.
 * An unknown or disabled device, or one of a disabled venue, is `invalid_client`.
 */
export async function issueDeviceToken(ports: DeviceTokenPorts, request: DeviceTokenRequest, now: Date) {
  if (request.clientAssertionType !== jwtBearerAssertionType)
    throw new OAuthError('invalid_request', `client_assertion_type must be ${jwtBearerAssertionType}.`);
  if (!request.clientAssertion) throw new OAuthError('invalid_request', 'client_assertion is required.');
  const scopes = deviceScopes(request.scope);
  const [proof, ...more] = request.dpopProofs;
  if (!proof || more.length > 0) throw proofRefused('Send exactly one DPoP header.');

  const deviceId = request.clientId ?? '';
  const device = deviceIdPattern.test(deviceId) ? await ports.devices.find(deviceId) : undefined;
  if (device?.status !== 'Active') throw clientRefused();
  const venue = await ports.venues.find(device.venueId);
  if (venue?.status !== 'Active') throw clientRefused();

  const assertion = await ports.proofs
    .clientAssertion(request.clientAssertion, device, { tokenUrl: request.tokenUrl, now })
    .catch((error: unknown) => {
      throw clientRefused(error);
    });
  const dpop = await ports.proofs
    .dpopProof(proof, { method: 'POST', url: request.tokenUrl, now })
    .catch((error: unknown) => {
      throw proofRefused(error instanceof Error ? error.message : 'The DPoP proof is not valid.', error);
    });
  const [assertionFirst, proofFirst] = await Promise.all([
    ports.replays.firstUse({ kind: 'client_assertion', issuer: device.deviceId, ...assertion }, now),
    ports.replays.firstUse({ kind: 'dpop', issuer: dpop.jkt, jti: dpop.jti, keepUntil: dpop.keepUntil }, now),
  ]);
  if (!assertionFirst) throw clientRefused();
  if (!proofFirst) throw proofRefused('The DPoP proof was used before: make a fresh one.');

  return ports.tokens.issueDeviceToken(
    { deviceId: device.deviceId, venueId: device.venueId, jkt: dpop.jkt, scopes },
    now,
  );
}
