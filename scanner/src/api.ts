import { generateProof } from 'dpop';
import { SignJWT } from 'jose';
import type { Enrollment, VenueItems } from './store.ts';

/**
 * The scanner's calls: device registration, device tokens (a private_key_jwt assertion and a DPoP
 * proof, both by the enrolled key) and venue calls, each with `Authorization: DPoP` and a fresh proof
 * (docs/venues.md). A network failure is thrown as `Offline`; an HTTP answer never is.
 */
export interface ScannerConfig {
  authUrl: string;
  venueUrl: string;
}

export class Offline extends Error {}

export interface Problem {
  status: number;
  code?: string;
  detail?: string;
  details?: Record<string, unknown>;
}

export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.code ?? `HTTP ${problem.status}`);
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'omit', cache: 'no-store' });
  } catch {
    throw new Offline(url);
  }
}

async function problemOf(response: Response): Promise<ProblemError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {}
  const code =
    typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : undefined;
  return new ProblemError({
    status: response.status,
    code,
    detail: typeof body.detail === 'string' ? body.detail : undefined,
    details:
      typeof body.details === 'object' && body.details
        ? (body.details as Record<string, unknown>)
        : undefined,
  });
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw await problemOf(response);
  return (await response.json()) as T;
}

/** A fresh EC P-256 key pair whose private half can sign but never be exported. */
export function newDeviceKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
}

export async function registerDevice(
  config: ScannerConfig,
  input: { enrollmentCode: string; name: string; keyPair: CryptoKeyPair },
): Promise<Enrollment> {
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', input.keyPair.publicKey);
  const device = await json<{ device_id: string; venue_id: string; name: string }>(
    await send(`${config.venueUrl}/v2/venue/devices`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        enrollment_code: input.enrollmentCode,
        name: input.name,
        public_jwk: { kty, crv, x, y },
      }),
    }),
  );
  return { deviceId: device.device_id, venueId: device.venue_id, name: device.name, keyPair: input.keyPair };
}

interface Token {
  deviceId: string;
  value: string;
  expiresAt: number;
}

/** Device tokens last an hour; one is reused until a minute before its end, by the device it was issued to. */
let token: Token | undefined;

async function deviceToken(config: ScannerConfig, enrollment: Enrollment): Promise<string> {
  if (token && token.deviceId === enrollment.deviceId && token.expiresAt - 60_000 > Date.now())
    return token.value;
  const tokenUrl = `${config.authUrl}/oauth/v2/token`;
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(enrollment.deviceId)
    .setSubject(enrollment.deviceId)
    .setAudience(tokenUrl)
    .setIssuedAt()
    .setExpirationTime('2m')
    .setJti(crypto.randomUUID())
    .sign(enrollment.keyPair.privateKey);
  const answer = await json<{ access_token: string; expires_in: number }>(
    await send(tokenUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        DPoP: await generateProof(enrollment.keyPair, tokenUrl, 'POST'),
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: enrollment.deviceId,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }),
    }),
  );
  token = {
    deviceId: enrollment.deviceId,
    value: answer.access_token,
    expiresAt: Date.now() + answer.expires_in * 1000,
  };
  return token.value;
}

async function venueCall<T>(
  config: ScannerConfig,
  enrollment: Enrollment,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const accessToken = await deviceToken(config, enrollment);
  const url = `${config.venueUrl}${path}`;
  const response = await send(url, {
    method,
    headers: {
      ...options.headers,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Authorization: `DPoP ${accessToken}`,
      DPoP: await generateProof(enrollment.keyPair, url, method, undefined, accessToken),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  // A token cut off early (a disabled device) is not retried: the staff must see it. It is not kept
  // either: the next call asks for a new one, which a device enabled again would get.
  if (response.status === 401) token = undefined;
  return json<T>(response);
}

export function venueItems(config: ScannerConfig, enrollment: Enrollment): Promise<VenueItems> {
  return venueCall<VenueItems>(config, enrollment, 'GET', '/v2/venue/items');
}

export async function passKeys(config: ScannerConfig): Promise<{ keys: unknown[] }> {
  return json<{ keys: unknown[] }>(
    await send(`${config.authUrl}/.well-known/pass-keys.json`, { method: 'GET' }),
  );
}

export interface Guest {
  first_name: string;
  last_name: string;
  type: string;
  lead: boolean;
}

/** POST /v2/venue/passes/verify (decisions.md, Venues). */
export interface VerifiedPass {
  pass_id: string;
  booking_id: string;
  service_type: string;
  item_id: string;
  status: string;
  guests_count: number;
  used_guests_count: number | null;
  valid_from: string;
  valid_until: string;
  transport_number: string | null;
  guests: Guest[];
  redeemable: boolean;
  refusal: string | null;
}

export function verifyPass(config: ScannerConfig, enrollment: Enrollment, qr: string): Promise<VerifiedPass> {
  return venueCall<VerifiedPass>(config, enrollment, 'POST', '/v2/venue/passes/verify', { body: { qr } });
}

export interface Redemption {
  redemption_id: string;
  pass_id: string;
  admitted_guests: number;
  scanned_at: string;
  recorded_at: string;
  status: 'Accepted' | 'Disputed';
}

export function redeem(
  config: ScannerConfig,
  enrollment: Enrollment,
  input: { idempotencyKey: string; qr: string; admittedGuests: number; scannedAt: string },
): Promise<Redemption> {
  return venueCall<Redemption>(config, enrollment, 'POST', '/v2/venue/redemptions', {
    headers: { 'Idempotency-Key': input.idempotencyKey },
    body: { qr: input.qr, admitted_guests: input.admittedGuests, scanned_at: input.scannedAt },
  });
}
