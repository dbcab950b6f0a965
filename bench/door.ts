import { randomUUID } from 'node:crypto';
import { generateKeyPair, generateProof, type KeyPair } from 'dpop';
import { exportJWK, SignJWT } from 'jose';
import { expectStatus, type Harness, type RequestSpec, tokenRequest } from './harness.ts';

/**
 * A scanner at the door of the seeded venue (which operates every lounge of the seeded catalog),
 * enrolled as the scanner app enrolls: a P-256 key made here, registered with the venue's enrollment
 * code from stage.json, and a DPoP-bound device token from the token endpoint (docs/venues.md).
 */
export interface Door {
  keys: KeyPair;
  token: string;
}

const doors = new WeakMap<Harness, Promise<Door>>();

/** The door of this stage: the seeded code enrolls one device, so every caller shares it. */
export function doorOf(harness: Harness): Promise<Door> {
  let door = doors.get(harness);
  if (!door) {
    door = enroll(harness);
    doors.set(harness, door);
  }
  return door;
}

async function enroll(harness: Harness): Promise<Door> {
  const { venues, auth_url } = harness.stage.stageJson;
  const venue = venues[0];
  if (!venue) throw new Error('The stage seeded no venue');
  const keys = await generateKeyPair('ES256');
  const { kty, crv, x, y } = await exportJWK(keys.publicKey);
  const registered = expectStatus(
    await harness.invoke({
      operationId: 'registerDevice',
      path: '/v2/venue/devices',
      host: 'venue',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        enrollment_code: venue.enrollment_code,
        name: 'Bench door',
        public_jwk: { kty, crv, x, y },
      }),
    }),
    201,
    'registerDevice',
  );
  const deviceId = (JSON.parse(registered.body) as { device_id: string }).device_id;
  const tokenUrl = `${auth_url}/oauth/v2/token`;
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(deviceId)
    .setSubject(deviceId)
    .setAudience(tokenUrl)
    .setIssuedAt()
    .setExpirationTime('1m')
    .setJti(randomUUID())
    .sign(keys.privateKey);
  const request = tokenRequest({
    grant_type: 'client_credentials',
    client_id: deviceId,
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
  });
  const issued = expectStatus(
    await harness.invoke({
      ...request,
      headers: { ...request.headers, DPoP: await generateProof(keys, tokenUrl, 'POST') },
    }),
    200,
    'The device token request',
  );
  return { keys, token: (JSON.parse(issued.body) as { access_token: string }).access_token };
}

/**
 * A call on the venue host as the scanner sends it: `Authorization: DPoP` and a fresh proof of this
 * request. Making the proof (an ES256 signature) is the scanner's work: callers make it before the
 * timed part, as they build the event.
 */
export async function atTheDoor(
  harness: Harness,
  door: Door,
  spec: Pick<RequestSpec, 'operationId' | 'path' | 'body'> & { headers?: Record<string, string> },
): Promise<RequestSpec> {
  const url = `${harness.stage.stageJson.venue_url}${spec.path}`;
  return {
    ...spec,
    host: 'venue',
    headers: {
      ...spec.headers,
      ...(spec.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Authorization: `DPoP ${door.token}`,
      DPoP: await generateProof(door.keys, url, 'POST', undefined, door.token),
    },
  };
}
