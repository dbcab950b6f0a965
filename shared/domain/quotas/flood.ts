import { ApiError } from '../errors.ts';
import { RecentMap } from './recent-map.ts';

/**
 * At most `limit` requests per key (a source address, a client_id) in any `windowSeconds`: the local
 * stage's stand-in for the AWS WAF rate-based rules on the auth domain, which count requests per IP
 * or per Authorization header over a sliding window of the same length (60, 120, 300 or 600 s).
 */
export interface FloodPolicy {
  limit: number;
  windowSeconds: 60 | 120 | 300 | 600;
}

export const defaultFloodPolicy: FloodPolicy = { limit: 300, windowSeconds: 300 };

/** The admin API (AWS only): an office of employees behind one address, each console page a few requests. */
export const defaultAdminFloodPolicy: FloodPolicy = { limit: 1500, windowSeconds: 300 };

/** A token lasts an hour: a client asking for more than 60 in 5 minutes is looping. */
export const defaultClientFloodPolicy: FloodPolicy = { limit: 60, windowSeconds: 300 };

export interface FloodDecision {
  allowed: boolean;
  /** Whole seconds, at least 1, when refused; null when allowed. */
  retryAfterSeconds: number | null;
}

interface Counter {
  window: number;
  current: number;
  previous: number;
}

/**
 * A sliding window counter: the count of the current fixed window plus the previous window's count
 * weighted by how much of it still overlaps the sliding window. O(1) per request and two numbers per
 * key, within a few percent of an exact sliding log. Only allowed requests count, so a client that
 * honours Retry-After gets through again when the wait is over.
 */
export class FloodLimiter {
  private readonly counters: RecentMap<Counter>;
  private readonly windowMs: number;

  constructor(
    private readonly policy: FloodPolicy = defaultFloodPolicy,
    maxKeys = 100_000,
  ) {
    if (!Number.isInteger(policy.limit) || policy.limit < 1) {
      throw new RangeError('The flood limit must be a positive integer');
    }
    this.counters = new RecentMap(maxKeys);
    this.windowMs = policy.windowSeconds * 1000;
  }

  check(key: string, now: Date): FloodDecision {
    const nowMs = now.getTime();
    const window = Math.floor(nowMs / this.windowMs);
    // A key silent for two whole windows counts nothing any more: forgetting it loses nothing.
    this.counters.sweep((counter) => counter.window + 2 <= window);
    let counter = this.counters.touch(key);
    if (!counter) {
      counter = { window, current: 0, previous: 0 };
      this.counters.set(key, counter);
    }
    if (window > counter.window) {
      counter.previous = window === counter.window + 1 ? counter.current : 0;
      counter.current = 0;
      counter.window = window;
    }
    const elapsed = (nowMs - window * this.windowMs) / this.windowMs;
    const estimate = counter.previous * (1 - elapsed) + counter.current;
    // Room for this request: the estimate after it may reach the limit but not pass it.
    const room = this.policy.limit - 1;
    if (estimate <= room) {
      counter.current += 1;
      return { allowed: true, retryAfterSeconds: null };
    }
    return { allowed: false, retryAfterSeconds: this.secondsUntilRoom(counter, elapsed, room) };
  }

  /** When the estimate, decaying with time and without new requests, falls back to `room`. */
  private secondsUntilRoom(counter: Counter, elapsed: number, room: number): number {
    let waitWindows: number;
    if (counter.current <= room) {
      // The previous window's share decays during this window: previous × (1 − e − x) + current ≤ room.
      waitWindows = 1 - elapsed - (room - counter.current) / counter.previous;
    } else {
      // Only the next window helps: this window's count then decays as the previous one.
      waitWindows = 1 - elapsed + (1 - room / counter.current);
    }
    return Math.max(1, Math.ceil(waitWindows * this.policy.windowSeconds - 1e-9));
  }

  get trackedKeys(): number {
    return this.counters.size;
  }
}

/** The 429 of a flooding source address: RateLimitExceeded, `details.policy` "address_flood", Retry-After. */
export function addressFlooding(retryAfterSeconds: number): ApiError {
  return new ApiError('RateLimitExceeded', 'Too many requests from this address; slow down.', {
    retryAfter: retryAfterSeconds,
    details: { policy: 'address_flood' },
  });
}

/** The 429 of a client asking for tokens too often: `details.policy` "client_flood", Retry-After. */
export function clientFlooding(retryAfterSeconds: number): ApiError {
  return new ApiError(
    'RateLimitExceeded',
    'Too many token requests for this client; reuse the token until it expires.',
    {
      retryAfter: retryAfterSeconds,
      details: { policy: 'client_flood' },
    },
  );
}
