/** Rules of the catalog's records that a schema refines with: plain predicates, without zod. */

/** An IANA time zone name the runtime knows (`Europe/Moscow`, `UTC`), not a bare abbreviation. */
export function isIanaTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

/** A hub's transport details are of its own kind (an airport's for an airport), where it has them. */
export function hubMetaMatchesKind(hub: { kind: string; meta?: { kind: string } | undefined }): boolean {
  return !hub.meta || hub.meta.kind === hub.kind;
}
