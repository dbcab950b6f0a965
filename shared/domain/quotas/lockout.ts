import { ApiError } from '../errors.ts';
import type { ClientFailureWindow, LockoutKey, LockoutState, LockoutStore } from './ports.ts';

/**
 * Bad client secrets in a row from one source address lock that client_id for that source: `threshold`
 * failures lock it for `baseSeconds`, each further lockout of the series doubles that up to
 * `maxSeconds`, and a correct secret (or `forgetAfterSeconds` without a failure) ends the series.
 * Across all sources, `clientCeiling` bad secrets within a fixed window of `clientWindowSeconds` lock
 * the client everywhere until the window ends.
 */
export interface LockoutPolicy {
  threshold: number;
  baseSeconds: number;
  maxSeconds: number;
  forgetAfterSeconds: number;
  clientCeiling: number;
  clientWindowSeconds: number;
}

/**
 * One source reaches about 50 bad secrets in 15 minutes (10, then 10 after each lockout of 30, 60,
 * 120 and 240 seconds) and about 10 in each later window: the ceiling takes some twenty sources.
 */
export const defaultLockoutPolicy: LockoutPolicy = {
  threshold: 10,
  baseSeconds: 30,
  maxSeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
  clientCeiling: 1000,
  clientWindowSeconds: 15 * 60,
};

export type LockoutStatus =
  | { locked: false; state: LockoutState | undefined }
  | { locked: true; retryAfterSeconds: number; lockedUntil: Date };

/**
 * The token endpoint's lockout per client_id and source address. Primary course: `check` before the
 * secret is verified (a locked pair is refused without looking at the secret, so guessing during a
 * lockout learns nothing); `recordFailure` after a bad secret; `recordSuccess` after a good one.
 *
 * It applies to every well-formed client_id, known or not: locking only known ones would tell an
 * attacker which client_ids exist. Keyed by source as well, an outsider's bad secrets lock the
 * outsider's address only; the per-client ceiling, far above what one source reaches, stops a guess
 * spread over many addresses (docs/quotas.md).
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

  async check(key: LockoutKey, now: Date): Promise<LockoutStatus> {
    const { pair, client } = await this.store.find(key, now);
    return longer(this.ceilingStatus(client, now), statusOf(pair, now));
  }

  /** After a bad secret: counts it for the pair and the client, and locks the pair at the threshold. */
  async recordFailure(key: LockoutKey, now: Date): Promise<LockoutStatus> {
    const [state, client] = await Promise.all([
      this.store.addFailure(key, now, this.expiresAt(now, now.getTime())),
      this.store.addClientFailure(
        key.clientId,
        now,
        Math.ceil(now.getTime() / 1000) + this.policy.clientWindowSeconds,
      ),
    ]);
    return longer(this.ceilingStatus(client, now), await this.pairStatusAfter(key, state, now));
  }

  private async pairStatusAfter(key: LockoutKey, state: LockoutState, now: Date): Promise<LockoutStatus> {
    const current = statusOf(state, now);
    if (current.locked || state.failures < this.policy.threshold) return current;
    const lockedUntilMs = now.getTime() + this.lockSeconds(state.lockouts) * 1000;
    const locked = await this.store.lock(key, {
      threshold: this.policy.threshold,
      now,
      lockedUntilMs,
      expiresAt: this.expiresAt(now, lockedUntilMs),
    });
    if (locked) return lockedStatus(lockedUntilMs, now);
    // A concurrent failure locked it first: report the lockout that request set.
    return statusOf((await this.store.find(key, now)).pair, now);
  }

  /**
   * After a correct secret: ends the pair's series (the client's window runs on: a partner's success
   * must not reset what others guessed). Free when `seen` (from `check`) shows nothing to forget.
   */
  async recordSuccess(key: LockoutKey, seen: LockoutStatus): Promise<void> {
    if (!seen.locked && seen.state === undefined) return;
    await this.store.clear(key);
  }

  private ceilingStatus(client: ClientFailureWindow | undefined, now: Date): LockoutStatus | undefined {
    if (!client || client.failures < this.policy.clientCeiling) return undefined;
    return lockedStatus(client.endsAt * 1000, now);
  }

  private expiresAt(now: Date, fromMs: number): number {
    return Math.ceil(Math.max(now.getTime(), fromMs) / 1000) + this.policy.forgetAfterSeconds;
  }
}

/** The pair's status, unless the client's ceiling holds longer. */
function longer(ceiling: LockoutStatus | undefined, pair: LockoutStatus): LockoutStatus {
  if (!ceiling?.locked) return pair;
  return pair.locked && pair.lockedUntil >= ceiling.lockedUntil ? pair : ceiling;
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
