import { ApiError } from '../errors.ts';
import type { LockoutState, LockoutStore } from './ports.ts';

/**
 * Bad client secrets in a row lock a client_id for a while: `threshold` failures lock it for
 * `baseSeconds`, each further lockout of the series doubles that up to `maxSeconds`, and a correct
 * secret (or `forgetAfterSeconds` without a failure) ends the series.
 */
export interface LockoutPolicy {
  threshold: number;
  baseSeconds: number;
  maxSeconds: number;
  forgetAfterSeconds: number;
}

export const defaultLockoutPolicy: LockoutPolicy = {
  threshold: 10,
  baseSeconds: 30,
  maxSeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
};

export type LockoutStatus =
  | { locked: false; state: LockoutState | undefined }
  | { locked: true; retryAfterSeconds: number; lockedUntil: Date };

/**
 * The token endpoint's lockout per client_id. Primary course: `check` before the secret is verified
 * (a locked client is refused without looking at the secret, so guessing during a lockout learns
 * nothing); `recordFailure` after a bad secret; `recordSuccess` after a good one.
 *
 * It applies to every well-formed client_id, known or not: locking only known ones would tell an
 * attacker which client_ids exist. The flip side: anyone who knows a client_id can lock it out for a
 * while, which is why lockouts are short and capped (docs/quotas.md).
 */
export class ClientLockout {
  constructor(
    private readonly store: LockoutStore,
    private readonly policy: LockoutPolicy = defaultLockoutPolicy,
  ) {}

  /** Seconds the `lockouts`-th lockout of a series lasts (0-based): base, 2×base, 4×base, … capped. */
  lockSeconds(lockouts: number): number {
    return Math.min(this.policy.maxSeconds, this.policy.baseSeconds * 2 ** Math.min(lockouts, 30));
  }

  async check(clientId: string, now: Date): Promise<LockoutStatus> {
    const state = await this.store.find(clientId, now);
    return statusOf(state, now);
  }

  /** After a bad secret: counts it, and locks the client when it reaches the threshold. */
  async recordFailure(clientId: string, now: Date): Promise<LockoutStatus> {
    const state = await this.store.addFailure(clientId, now, this.expiresAt(now, now.getTime()));
    const current = statusOf(state, now);
    if (current.locked || state.failures < this.policy.threshold) return current;
    const lockedUntilMs = now.getTime() + this.lockSeconds(state.lockouts) * 1000;
    const locked = await this.store.lock(clientId, {
      threshold: this.policy.threshold,
      now,
      lockedUntilMs,
      expiresAt: this.expiresAt(now, lockedUntilMs),
    });
    if (locked) return lockedStatus(lockedUntilMs, now);
    // A concurrent failure locked it first: report the lockout that request set.
    return this.check(clientId, now);
  }

  /** After a correct secret: ends the series. Free when `seen` (from `check`) shows nothing to forget. */
  async recordSuccess(clientId: string, seen: LockoutStatus): Promise<void> {
    if (!seen.locked && seen.state === undefined) return;
    await this.store.clear(clientId);
  }

  private expiresAt(now: Date, fromMs: number): number {
    return Math.ceil(Math.max(now.getTime(), fromMs) / 1000) + this.policy.forgetAfterSeconds;
  }
}

function statusOf(state: LockoutState | undefined, now: Date): LockoutStatus {
  if (state?.lockedUntilMs != null && state.lockedUntilMs > now.getTime()) {
    return lockedStatus(state.lockedUntilMs, now);
  }
  return { locked: false, state };
}

function lockedStatus(lockedUntilMs: number, now: Date): LockoutStatus {
  return {
    locked: true,
    retryAfterSeconds: Math.max(1, Math.ceil((lockedUntilMs - now.getTime()) / 1000)),
    lockedUntil: new Date(lockedUntilMs),
  };
}

/** The 429 of a locked client: RateLimitExceeded, `details.policy` "client_lockout", Retry-After. */
export function clientLockedOut(retryAfterSeconds: number): ApiError {
  return new ApiError(
    'RateLimitExceeded',
    'Too many failed authentication attempts for this client; try again later.',
    { retryAfter: retryAfterSeconds, details: { policy: 'client_lockout' } },
  );
}
