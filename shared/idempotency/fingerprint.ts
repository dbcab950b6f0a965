import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth: field order and whitespace never matter. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What the contract (docs/contract.md, Idempotency) compares: the path values and the request body. */
export function requestFingerprint(params: Record<string, string | undefined>, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ params, body: body ?? null }))
    .digest('hex');
}
