import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { type SecretStore, secretStore } from '../secrets/store.ts';

/**
 * Client credentials. A client id is `pts_` + 24 base64url characters (144 random bits); it is public.
 * A secret is `ptss_` + 43 base64url characters (256 random bits): the prefix lets secret scanners
 * recognise a leaked one. Only HMAC-SHA256(pepper, secret) is stored; the pepper lives in the secret
 * store, so a copy of the table alone cannot confirm a guessed secret.
 */
const clientIdPrefix = 'pts_';
const clientSecretPrefix = 'ptss_';
const minimumPepperLength = 32;

export function generateClientId(): string {
  return `${clientIdPrefix}${randomBytes(18).toString('base64url')}`;
}

/** Anything else is no client of ours, and never reaches the table as a key. */
export function isClientId(value: string): boolean {
  return /^pts_[A-Za-z0-9_-]{24}$/.test(value);
}

export function generateClientSecret(): string {
  return `${clientSecretPrefix}${randomBytes(32).toString('base64url')}`;
}

export function hashClientSecret(secret: string, pepper: string): string {
  return createHmac('sha256', pepper).update(secret, 'utf8').digest('base64url');
}

/** Constant time in the secret: the HMACs always have the same length, whatever was sent. */
export function verifyClientSecret(secret: string, storedHash: string, pepper: string): boolean {
  const presented = Buffer.from(hashClientSecret(secret, pepper), 'base64url');
  const stored = Buffer.from(storedHash, 'base64url');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

let cachedPepper: string | undefined;

/**
 * The pepper, read once per process. In AWS the stateful stack creates it; a missing pepper there is a
 * deployment error, never a reason to make one up (every stored hash would stop matching). The file
 * backend of the local stage creates it on first use.
 */
export async function clientSecretPepper(store: SecretStore = secretStore()): Promise<string> {
  if (cachedPepper) return cachedPepper;
  const { secretIds, secretsBackend } = config();
  let pepper = await store.get(secretIds.clientSecretPepper);
  if (pepper === undefined && secretsBackend === 'file') {
    await store.put(secretIds.clientSecretPepper, randomBytes(32).toString('base64url'));
    // Read back: if two processes raced, both continue with the value that landed.
    pepper = await store.get(secretIds.clientSecretPepper);
  }
  if (pepper === undefined)
    throw new Error(`The client secret pepper ${secretIds.clientSecretPepper} is missing`);
  if (pepper.length < minimumPepperLength) {
    throw new Error(`The client secret pepper must have at least ${minimumPepperLength} characters`);
  }
  cachedPepper = pepper;
  return pepper;
}

function resetClientSecretPepper(): void {
  cachedPepper = undefined;
}
onReset(resetClientSecretPepper);

export interface BasicCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * RFC 6749 section 2.3.1: `Basic base64(urlencode(client_id) ":" urlencode(client_secret))`, both parts
 * form-urlencoded before encoding. Returns undefined when the header is not Basic; throws on a Basic
 * header that cannot be read.
 */
export function parseBasicCredentials(authorization: string | undefined): BasicCredentials | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Basic[ ]+([A-Za-z0-9+/=._~-]*)\s*$/i.exec(authorization.trim());
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new MalformedBasicCredentialsError();
  const formDecode = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      throw new MalformedBasicCredentialsError();
    }
  };
  return {
    clientId: formDecode(decoded.slice(0, colon)),
    clientSecret: formDecode(decoded.slice(colon + 1)),
  };
}

export class MalformedBasicCredentialsError extends Error {
  constructor() {
    super('The Basic credentials must be base64 of "client_id:client_secret", each part form-urlencoded.');
    this.name = 'MalformedBasicCredentialsError';
  }
}
