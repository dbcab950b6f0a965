import { describe, expect, it } from 'vitest';
import {
  burstWindowSeconds,
  RateLimiter,
  secondsUntilUtcMidnight,
} from '../../../shared/domain/quotas/limiter.ts';
import type { Plan } from '../../../shared/domain/quotas/plans.ts';

/** A fake clock: milliseconds after a fixed instant, so every expectation is exact. */
const noon = Date.parse('2030-03-10T12:00:00.000Z');
const at = (offsetMs: number) => new Date(noon + offsetMs);

const plan: Plan = { rate: 10, burst: 5, dailyQuota: 1_000 };

function drain(limiter: RateLimiter, key: string, count: number, now: Date, limits: Plan = plan) {
  return Array.from({ length: count }, () => limiter.check(key, limits, now));
}

describe('the burst', () => {
  it('lets a full bucket through at once and refuses the next request with the burst policy', () => {
    const limiter = new RateLimiter();

    const allowed = drain(limiter, 'account:a', 5, at(0));
    const refused = limiter.check('account:a', plan, at(0));

    expect(allowed.every((decision) => decision.allowed)).toBe(true);
    expect(allowed.map((decision) => decision.burst.remaining)).toEqual([4, 3, 2, 1, 0]);
    expect(refused).toMatchObject({ allowed: false, limitedBy: 'burst', retryAfterSeconds: 1 });
    expect(refused.burst.remaining).toBe(0);
  });

  it('asks for a longer wait when the rate is below one request per second', () => {
    const slow: Plan = { rate: 0.25, burst: 1, dailyQuota: 100 };
    const limiter = new RateLimiter();

    limiter.check('account:a', slow, at(0));
    const refused = limiter.check('account:a', slow, at(1_000));

    expect(refused.retryAfterSeconds).toBe(3);
    expect(limiter.check('account:a', slow, at(3_999)).allowed).toBe(false);
    expect(limiter.check('account:a', slow, at(4_000)).allowed).toBe(true);
  });
});

describe('the steady rate', () => {
  it('refills one token every 1/rate seconds and no faster', () => {
    const limiter = new RateLimiter();
    drain(limiter, 'account:a', 5, at(0));

    expect(limiter.check('account:a', plan, at(99)).allowed).toBe(false);
    expect(limiter.check('account:a', plan, at(100)).allowed).toBe(true);
    expect(limiter.check('account:a', plan, at(150)).allowed).toBe(false);
    expect(limiter.check('account:a', plan, at(200)).allowed).toBe(true);
  });

  it('sustains exactly the rate over a long run once the burst is spent', () => {
    const limiter = new RateLimiter();
    let allowed = 0;
    // One attempt every 10 ms for 10 s: 5 from the full bucket, then 10 per second.
    for (let ms = 0; ms < 10_000; ms += 10) {
      if (limiter.check('account:a', plan, at(ms)).allowed) allowed += 1;
    }

    expect(allowed).toBe(5 + 99);
  });

  it('never holds more than the burst, however long the key was idle', () => {
    const limiter = new RateLimiter();
    limiter.check('account:a', plan, at(0));

    const later = drain(limiter, 'account:a', 6, at(3_600_000));

    expect(later.filter((decision) => decision.allowed)).toHaveLength(5);
  });

  it('gives nothing back when the clock steps backwards', () => {
    const limiter = new RateLimiter();
    drain(limiter, 'account:a', 5, at(1_000));

    expect(limiter.check('account:a', plan, at(0)).allowed).toBe(false);
    expect(limiter.check('account:a', plan, at(1_099)).allowed).toBe(false);
    expect(limiter.check('account:a', plan, at(1_100)).allowed).toBe(true);
  });

  it('applies a smaller burst at once when the plan changes', () => {
    const limiter = new RateLimiter();
    limiter.check('account:a', { ...plan, burst: 100 }, at(0));

    const decisions = drain(limiter, 'account:a', 3, at(0), { ...plan, burst: 2 });

    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, false]);
  });
});

describe('the daily quota', () => {
  const small: Plan = { rate: 100, burst: 100, dailyQuota: 3 };
  const beforeMidnight = new Date('2030-03-10T23:59:58.500Z');

  it('refuses with the daily policy until 00:00 UTC once the quota is used', () => {
    const limiter = new RateLimiter();
    drain(limiter, 'account:a', 3, beforeMidnight, small);

    const refused = limiter.check('account:a', small, beforeMidnight);

    expect(refused).toMatchObject({ allowed: false, limitedBy: 'daily', retryAfterSeconds: 2 });
    expect(refused.daily).toMatchObject({ remaining: 0, resetSeconds: 2 });
  });

  it('starts again at 00:00 UTC, as API Gateway quota periods of a DAY do', () => {
    const limiter = new RateLimiter();
    drain(limiter, 'account:a', 4, beforeMidnight, small);

    expect(limiter.check('account:a', small, new Date('2030-03-10T23:59:59.999Z')).allowed).toBe(false);
    const nextDay = limiter.check('account:a', small, new Date('2030-03-11T00:00:00.000Z'));

    expect(nextDay.allowed).toBe(true);
    expect(nextDay.daily.remaining).toBe(2);
    expect(nextDay.daily.resetSeconds).toBe(86_400);
  });

  it('is not spent by requests the burst refused', () => {
    const limiter = new RateLimiter();
    const tight: Plan = { rate: 1, burst: 1, dailyQuota: 2 };

    limiter.check('account:a', tight, at(0));
    drain(limiter, 'account:a', 10, at(0), tight);
    const second = limiter.check('account:a', tight, at(1_000));

    expect(second.allowed).toBe(true);
    expect(second.daily.remaining).toBe(0);
  });

  it('is named as the limit hit when the burst is spent as well', () => {
    const limiter = new RateLimiter();
    const tight: Plan = { rate: 1, burst: 1, dailyQuota: 1 };
    limiter.check('account:a', tight, at(0));

    expect(limiter.check('account:a', tight, at(0)).limitedBy).toBe('daily');
  });

  it('counts whole seconds to the next UTC midnight', () => {
    expect(secondsUntilUtcMidnight(Date.parse('2030-03-10T23:00:00.000Z'))).toBe(3_600);
    expect(secondsUntilUtcMidnight(Date.parse('2030-03-10T23:59:59.001Z'))).toBe(1);
    expect(secondsUntilUtcMidnight(Date.parse('2030-03-11T00:00:00.000Z'))).toBe(86_400);
  });
});

describe('isolation between keys', () => {
  it('never lets one account spend another account’s burst or quota', () => {
    const limiter = new RateLimiter();
    drain(limiter, 'account:a', 20, at(0));

    const other = drain(limiter, 'account:b', 5, at(0));

    expect(other.every((decision) => decision.allowed)).toBe(true);
    expect(other.at(-1)?.daily.remaining).toBe(plan.dailyQuota - 5);
  });
});

describe('reading usage', () => {
  it('reports the current usage without counting a request', () => {
    const limiter = new RateLimiter();
    drain(limiter, 'account:a', 2, at(0));

    const first = limiter.peek('account:a', plan, at(0));
    const second = limiter.peek('account:a', plan, at(0));

    expect(first).toEqual(second);
    expect(first).toMatchObject({ allowed: true, limitedBy: null, retryAfterSeconds: null });
    expect(first.burst.remaining).toBe(3);
    expect(first.daily.remaining).toBe(998);
  });

  it('reports a full plan for a key never seen, without starting to track it', () => {
    const limiter = new RateLimiter();

    const usage = limiter.peek('account:new', plan, at(0));

    expect(usage.burst).toMatchObject({ remaining: 5, resetSeconds: 0 });
    expect(limiter.trackedKeys).toBe(0);
  });
});

describe('memory', () => {
  it('forgets a key once its bucket is full again and its day is over', () => {
    const limiter = new RateLimiter();
    limiter.check('account:a', plan, at(0));
    limiter.check('account:b', plan, at(0));
    expect(limiter.trackedKeys).toBe(2);

    limiter.check('account:c', plan, at(24 * 3_600_000));

    expect(limiter.trackedKeys).toBe(1);
  });

  it('keeps a key that used quota today, since forgetting it would hand the quota back', () => {
    const limiter = new RateLimiter();
    limiter.check('account:a', plan, at(0));

    limiter.check('account:b', plan, at(3_600_000));

    expect(limiter.trackedKeys).toBe(2);
  });

  it('holds at most maxKeys keys, dropping the least recently used', () => {
    const limiter = new RateLimiter({ maxKeys: 2 });
    drain(limiter, 'account:a', 5, at(0));
    limiter.check('account:b', plan, at(0));
    limiter.check('account:c', plan, at(0));

    expect(limiter.trackedKeys).toBe(2);
    // account:a was dropped: it starts again with a full bucket (the error lets requests through).
    expect(limiter.check('account:a', plan, at(0)).burst.remaining).toBe(4);
  });
});

describe('the burst window', () => {
  it('is the time an empty bucket takes to fill, at least one second', () => {
    expect(burstWindowSeconds({ rate: 100, burst: 100, dailyQuota: 1 })).toBe(1);
    expect(burstWindowSeconds({ rate: 50, burst: 100, dailyQuota: 1 })).toBe(2);
    expect(burstWindowSeconds({ rate: 3, burst: 10, dailyQuota: 1 })).toBe(4);
    expect(burstWindowSeconds({ rate: 500, burst: 100, dailyQuota: 1 })).toBe(1);
  });
});
