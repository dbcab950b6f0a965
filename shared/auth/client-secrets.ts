import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import type { ClientCredentialIssuer, ClientCredentialVerifier } from '../domain/accounts/ports.ts';
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

/** The accounts domain's credential issuer: generation here, the hash key from the secret store. */
export const clientCredentialIssuer: ClientCredentialIssuer = {
  newClientId: generateClientId,
  newClientSecret: generateClientSecret,
  async hasher() {
    const pepper = await clientSecretPepper();
    return (secret) => hashClientSecret(secret, pepper);
  },
};

/** Compared against when the client id is unknown, so the answer takes as long as for a wrong secret. */
let unknownClientHash: string | undefined;

/** The token endpoint's credential verifier. */
export const clientCredentialVerifier: ClientCredentialVerifier = {
  isClientId,
  async verifier() {
    const pepper = await clientSecretPepper();
    unknownClientHash ??= hashClientSecret('no such client', 'no such pepper');
    const stand = unknownClientHash;
    return (secret, storedHash) => verifyClientSecret(secret, storedHash ?? stand, pepper);
  },
};

// The token endpoint's Basic header parsing is pure; it lives apart so the domain can use it.
export {
  type BasicCredentials,
  MalformedBasicCredentialsError,
  parseBasicCredentials,
} from '../vocabulary/basic-credentials.ts';
