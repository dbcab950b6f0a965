import type { PolicyUsage } from './limiter.ts';
import type { Plan, PlanName } from './plans.ts';

/** The lockout record of one client_id (shared/domain/quotas/lockout.ts explains the rules). */
export interface LockoutState {
  clientId: string;
  /** Bad secrets in a row since the last success or the last lockout. */
  failures: number;
  /** Lockouts so far in this series: the next one lasts `base × 2^lockouts`, capped. */
  lockouts: number;
  /** Epoch milliseconds the current lockout ends; null when the client was never locked in this series. */
  lockedUntilMs: number | null;
  /** Epoch seconds after which the record is forgotten (the DynamoDB TTL attribute). */
  expiresAt: number;
}

export interface LockRequest {
  threshold: number;
  now: Date;
  lockedUntilMs: number;
  expiresAt: number;
}

/**
 * Where lockout records live: a DynamoDB item per client (shared/db/entities/client-lockout.ts), on the
 * local stage too. Every change is atomic, so concurrent token requests of one client on several Lambda
 * instances count every failure once and lock once.
 */
export interface LockoutStore {
  /** The live record; undefined when absent or expired (expiry is checked on read, not left to TTL). */
  find(clientId: string, now: Date): Promise<LockoutState | undefined>;
  /**
   * Counts one bad secret and renews the expiry, unless the client is locked at `now` (then nothing
   * changes). An expired record is replaced by a fresh one. Returns the record as it now stands.
   */
  addFailure(clientId: string, now: Date, expiresAt: number): Promise<LockoutState>;
  /**
   * Locks the client until `lockedUntilMs` if it still has `threshold` failures or more and is not
   * locked at `now`; the failures restart at 0 and the lockout count grows by one. False when the
   * record no longer qualifies (a concurrent request locked it first).
   */
  lock(clientId: string, request: LockRequest): Promise<boolean>;
  /** Forgets the client: a correct secret ends the series. */
  clear(clientId: string): Promise<void>;
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
