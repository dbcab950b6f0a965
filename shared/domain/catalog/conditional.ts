import { createHash } from 'node:crypto';

/**
 * A strong ETag over everything that makes the representation: the bytes and the metadata that are
 * not in the bytes (Content-Language, the effective query). Equal input, equal tag; any change in
 * data, contract, locale, filter or paging changes the bytes or the metadata, so it changes the tag.
 */
export function entityTag(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(typeof part === 'string' ? Buffer.from(part, 'utf8') : part);
    hash.update('\u0000');
  }
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

/** IMF-fixdate (RFC 9110 section 5.6.7), second precision. */
export function httpDate(time: Date | string): string {
  return new Date(time).toUTCString();
}

const opaqueTag = /(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")/g;

/** Weak comparison (RFC 9110 section 8.8.3.2): the opaque tags match, W/ ignored on either side. */
export function ifNoneMatchMatches(header: string, currentTag: string): boolean {
  if (header.trim() === '*') return true;
  const current = currentTag.replace(/^W\//, '');
  for (const match of header.matchAll(opaqueTag)) {
    if (match[1] === current) return true;
  }
  return false;
}

const day = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const month = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const time = '\\d{2}:\\d{2}:\\d{2}';
const imfFixdate = new RegExp(`^${day}, \\d{2} ${month} \\d{4} ${time} GMT$`);
const rfc850Date = new RegExp(
  `^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \\d{2}-${month}-\\d{2} ${time} GMT$`,
);
const asctimeDate = new RegExp(`^${day} ${month} [ \\d]\\d ${time} \\d{4}$`);

/** The three HTTP-date forms (RFC 9110 section 5.6.7), all UTC; anything else is not a date. */
export function parseHttpDate(value: string): number | undefined {
  const text = value.trim();
  let parsed = Number.NaN;
  if (imfFixdate.test(text) || rfc850Date.test(text)) parsed = Date.parse(text);
  else if (asctimeDate.test(text)) parsed = Date.parse(`${text} GMT`);
  return Number.isNaN(parsed) ? undefined : parsed;
}

export interface Preconditions {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

/**
 * RFC 9110 section 13.2.2 for GET: If-None-Match decides when present (and If-Modified-Since is then
 * ignored); otherwise a valid If-Modified-Since at or after Last-Modified means not modified. An
 * unparseable date is ignored, as the RFC requires.
 */
export function isNotModified(
  preconditions: Preconditions,
  current: { etag: string; lastModified: Date },
): boolean {
  if (preconditions.ifNoneMatch !== undefined && preconditions.ifNoneMatch.trim() !== '') {
    return ifNoneMatchMatches(preconditions.ifNoneMatch, current.etag);
  }
  if (preconditions.ifModifiedSince === undefined) return false;
  const since = parseHttpDate(preconditions.ifModifiedSince);
  if (since === undefined) return false;
  return Math.floor(current.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
