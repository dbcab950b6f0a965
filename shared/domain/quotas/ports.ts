import type { PolicyUsage } from './limiter.ts';
import type { Plan, PlanName } from './plans.ts';

/** Who a lockout record counts against: one client_id as seen from one source address. */
export interface LockoutKey {
  clientId: string;
  /** The caller's address as the gateway saw it (API Gateway's `requestContext.identity.sourceIp`). */
  source: string;
}

/** The lockout record of one client_id from one source (shared/domain/quotas/lockout.ts explains the rules). */
export interface LockoutState extends LockoutKey {
  /** Bad secrets in a row since the last success or the last lockout. */
  failures: number;
  /** Lockouts so far in this series: the next one lasts `base × 2^lockouts`, capped. */
  lockouts: number;
  /** Epoch milliseconds the current lockout ends; null when the pair was never locked in this series. */
  lockedUntilMs: number | null;
  /** Epoch seconds after which the record is forgotten (the DynamoDB TTL attribute). */
  expiresAt: number;
}

/** Bad secrets of one client_id from every source within a fixed window: the per-client ceiling. */
export interface ClientFailureWindow {
  clientId: string;
  failures: number;
  /** Epoch seconds the window ends and the count is forgotten (the DynamoDB TTL attribute). */
  endsAt: number;
}

/** What the token endpoint reads before it looks at a secret; either record may be absent. */
export interface LockoutRecords {
  pair: LockoutState | undefined;
  client: ClientFailureWindow | undefined;
}

export interface LockRequest {
  threshold: number;
  now: Date;
  lockedUntilMs: number;
  expiresAt: number;
}

/**
 * Where lockout records live: DynamoDB items per client and source, and per client
 * (shared/db/entities/client-lockout.ts), on the local stage too. Every change is atomic, so
 * concurrent token requests on several Lambda instances count every failure once and lock once.
 */
export interface LockoutStore {
  /**
   * The pair's and the client's live records, read side by side (one round trip of time); a record
   * absent or expired is undefined (expiry is checked on read, not left to TTL).
   */
  find(key: LockoutKey, now: Date): Promise<LockoutRecords>;
  /**
   * Counts one bad secret of the pair and renews the expiry, unless the pair is locked at `now` (then
   * nothing changes). An expired record is replaced by a fresh one. Returns the record as it now stands.
   */
  addFailure(key: LockoutKey, now: Date, expiresAt: number): Promise<LockoutState>;
  /**
   * Counts one bad secret of the client in its live window, or in a new window ending at `endsAt` when
   * none is live (the end of a live window never moves). Returns the window as it now stands.
   */
  addClientFailure(clientId: string, now: Date, endsAt: number): Promise<ClientFailureWindow>;
  /**
   * Locks the pair until `lockedUntilMs` if it still has `threshold` failures or more and is not
   * locked at `now`; the failures restart at 0 and the lockout count grows by one. False when the
   * record no longer qualifies (a concurrent request locked it first).
   */
  lock(key: LockoutKey, request: LockRequest): Promise<boolean>;
  /** Forgets the pair: a correct secret ends its series (the client's window runs on). */
  clear(key: LockoutKey): Promise<void>;
}

/**
 * Keeps API Gateway's view of an account's plan in step (AWS: the account's hidden API key belongs to
 * the usage plan of its tier, and to no other). The local stage reads the plan from the account.
 */
export interface UsagePlanAssigner {
  assign(accountId: string, plan: PlanName): Promise<void>;
}

/** The plan metering a request, as the gateway (the authorizer context) names it. */
export interface MeteringPlan {
  name: PlanName | 'staff';
  limits: Plan;
}

/**
 * What the gateway counted for an account (`GET /v2/b2b/rate-limits`): the local gateway's limiter
 * tells the burst bucket; API Gateway tells nothing. A policy left out is not known there. The day's
 * usage comes from the service's own count (DailyUsageStore) on every stage.
 */
export interface UsageReader {
  read(accountId: string, plan: MeteringPlan, now: Date): Promise<KnownUsage>;
}

export interface KnownUsage {
  burst?: PolicyUsage;
  daily?: PolicyUsage;
}

/**
 * The shared count of requests per usage owner (`account:<id>`, `staff`) and UTC day (`2030-01-31`)
 * that every container adds to (docs/quotas.md, Headers in AWS): a DynamoDB item in every stage
 * (shared/db/entities/daily-usage.ts).
 */
export interface DailyUsageStore {
  /**
   * Adds `requests` to the owner's count of `day` atomically and answers the new total, every
   * container's flushes included. `expiresAt` (epoch seconds) is when the count may be forgotten.
   */
  add(owner: string, day: string, requests: number, expiresAt: number): Promise<number>;
  /** The owner's count of `day`, read consistently; 0 when nothing was counted. */
  read(owner: string, day: string): Promise<number>;
}
