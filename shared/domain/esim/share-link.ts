import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a traveller's share link opens the page (decisions.md, eSIM lifecycle: 30 days). */
export const shareLinkValidityDays = 30;
const dayMs = 86_400_000;
const macLength = 32;
/** Version of the payload and of the key's HKDF label: a new key or shape is v2, and v1 links fail cleanly. */
const version = 1;

/** What a share link names: one eSIM of one account, until `expiresAt`. Nothing the page shows is in it. */
export interface ShareLinkClaims {
  accountId: string;
  iccid: string;
  expiresAt: Date;
}

export type ShareLinkVerdict =
  | { valid: true; claims: ShareLinkClaims }
  | { valid: false; reason: 'malformed' | 'tampered' | 'expired' };

interface Payload {
  v: number;
  a: string;
  i: string;
  /** Expiry, seconds since the epoch. */
  e: number;
}

/**
 * The end of the UTC day 30 days after `now`: at least 30 days, and one link per eSIM and day, so every
 * answer of a day (a confirm and its retry, a read and a replay) carries the same `share_url`.
 */
export function shareLinkExpiry(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + shareLinkValidityDays * dayMs) / dayMs) * dayMs);
}

const mac = (key: Buffer, encodedPayload: string) =>
  createHmac('sha256', key).update(encodedPayload).digest();

/**
 * The share link's token: base64url(JSON payload) "." base64url(HMAC-SHA256 of the encoded payload).
 * HMAC, not the stage's ES256 signer: the one read operation that verifies it also holds the key, so a
 * public key buys nothing, and a local HMAC costs no KMS call per page view.
 */
export function signShareToken(
  key: Buffer,
  subject: { accountId: string; iccid: string },
  now: Date,
): string {
  const payload: Payload = {
    v: version,
    a: subject.accountId,
    i: subject.iccid,
    e: shareLinkExpiry(now).getTime() / 1000,
  };
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${encoded}.${mac(key, encoded).toString('base64url')}`;
}

const isPayload = (value: unknown): value is Payload => {
  if (typeof value !== 'object' || value === null) return false;
  const { v, a, i, e } = value as Record<string, unknown>;
  return v === version && typeof a === 'string' && typeof i === 'string' && Number.isSafeInteger(e);
};

/** Checks the signature before reading anything of the payload, then the expiry against `now`. */
export function verifyShareToken(key: Buffer, token: string, now: Date): ShareLinkVerdict {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1] || !/^[A-Za-z0-9_-]+$/.test(parts.join(''))) {
    return { valid: false, reason: 'malformed' };
  }
  const [encoded, signature] = parts as [string, string];
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== macLength || !timingSafeEqual(given, mac(key, encoded))) {
    return { valid: false, reason: 'tampered' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  if (!isPayload(payload)) return { valid: false, reason: 'malformed' };
  const expiresAt = new Date(payload.e * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, claims: { accountId: payload.a, iccid: payload.i, expiresAt } };
}

/**
 * The traveller's page with the token in the fragment: browsers send no fragment to the static host
 * nor in a Referer, so the token reaches only the page's own read operation.
 */
export function shareUrl(esimPageUrl: string, token: string): string {
  return `${esimPageUrl.replace(/\/+$/, '')}/#t=${token}`;
}

/** The share link of an eSIM at `now`, or null on a stage without the traveller's page. */
export type ShareLinkOf = (esim: { accountId: string; iccid: string }, now: Date) => string | null;

export function shareLinks(signing: { key: Buffer; esimPageUrl: string } | undefined): ShareLinkOf {
  if (!signing) return () => null;
  return (esim, now) =>
    shareUrl(
      signing.esimPageUrl,
      signShareToken(signing.key, { accountId: esim.accountId, iccid: esim.iccid }, now),
    );
}
