/**
 * The audit log (docs/employees.md, Audit log): one record per state change made through the admin
 * APIs and per employee login attempt. Records are appended in the transaction of the change they
 * describe, never updated or deleted, and never hold a secret (see `redactSecrets`).
 */
export const actorTypes = ['employee', 'application'] as const;
export type ActorType = (typeof actorTypes)[number];

export interface AuditActor {
  type: ActorType;
  /** Employee id (the token's `sub`) or application client_id; null for a login that identified nobody. */
  id: string | null;
  /** Employee roles; empty for applications and refused logins. */
  roles: readonly string[];
}

export interface AuditTarget {
  /** What the action changed: `account`, `application`, `employee`, `lounge`, ... */
  type: string;
  /** null when the action's target is not known (a login that identified nobody). */
  id: string | null;
}

/** `succeeded`: the change was committed (or the login granted); `refused`: a login that got no token. */
export const auditOutcomes = ['succeeded', 'refused'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

export interface AuditRecord {
  /** UUIDv7: records of one instant still sort by creation. */
  id: string;
  /** ISO 8601 UTC with milliseconds. */
  at: string;
  actor: AuditActor;
  /** The operation id of the route (`createAccount`, `completeEmployeeLogin`, ...). */
  action: string;
  target: AuditTarget;
  /** The request id the caller saw (X-Request-ID), so a record leads to its logs. */
  requestId: string | null;
  outcome: AuditOutcome;
  /** Why a refusal happened, as a short machine-readable code (`no_role`); null on success. */
  reason: string | null;
  /** Context of the change, passed through `redactSecrets`. */
  details: Readonly<Record<string, unknown>>;
}

export const redacted = '[redacted]';

/**
 * Field names that hold or are likely to hold a secret. Matching is on the name, so a new field named
 * `client_secret`, `password`, `access_token`, `api_key`, `code_verifier` or `authorization` is dropped
 * from a record without anybody remembering to.
 */
const secretName =
  /secret|passw|pwd|token|key|credential|authorization|cookie|verifier|signature|private|^code$/i;

/** Values that are secrets whatever their field is called: JWTs, PEM private keys, client secrets. */
const secretValue = [
  /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /^ptss_[A-Za-z0-9_-]+$/,
];

export const isSecretName = (name: string): boolean => secretName.test(name);
export const isSecretValue = (value: string): boolean => secretValue.some((pattern) => pattern.test(value));

const maxDepth = 6;

/**
 * A copy of `value` where every field named like a secret, and every string that looks like one, is
 * replaced by `[redacted]`. Nesting deeper than a record ever needs is cut off rather than copied.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return isSecretValue(value) ? redacted : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxDepth) return redacted;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      isSecretName(name) ? redacted : redactSecrets(field, depth + 1),
    ]),
  );
}

export interface AuditEntry {
  actor: AuditActor;
  action: string;
  target: AuditTarget;
  requestId: string | null;
  outcome?: AuditOutcome;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** The one way to make a record: the secret guard cannot be skipped. */
export function buildAuditRecord(entry: AuditEntry, id: string, now: Date): AuditRecord {
  const details = redactSecrets(entry.details ?? {}) as Record<string, unknown>;
  return {
    id,
    at: now.toISOString(),
    actor: { type: entry.actor.type, id: entry.actor.id, roles: [...entry.actor.roles] },
    action: entry.action,
    target: { type: entry.target.type, id: entry.target.id },
    requestId: entry.requestId,
    outcome: entry.outcome ?? 'succeeded',
    reason: entry.reason ?? null,
    details,
  };
}
