import { describe, expect, it } from 'vitest';
import {
  formatRateLimit,
  formatRateLimitPolicy,
  rateLimitExceeded,
  rateLimitHeaders,
  sfString,
} from '../../../shared/domain/quotas/headers.ts';
import { RateLimiter } from '../../../shared/domain/quotas/limiter.ts';
import type { Plan } from '../../../shared/domain/quotas/plans.ts';
import { problemResponse } from '../../../shared/http/problem.ts';

const standard: Plan = { rate: 50, burst: 100, dailyQuota: 100_000 };
const elevenPm = new Date('2030-03-10T23:00:00.000Z');

describe('RateLimit-Policy', () => {
  it('names both policies as quoted strings with their quota and window', () => {
    expect(formatRateLimitPolicy(standard)).toBe('"burst";q=100;w=2, "daily";q=100000;w=86400');
  });

  it('reads q=<burst>;w=1 for a plan whose rate equals its burst', () => {
    expect(formatRateLimitPolicy({ rate: 100, burst: 100, dailyQuota: 100_000 })).toBe(
      '"burst";q=100;w=1, "daily";q=100000;w=86400',
    );
  });
});

describe('RateLimit', () => {
  it('reports what is left of each policy and the seconds until more is available', () => {
    const limiter = new RateLimiter();
    let last = limiter.check('account:a', standard, elevenPm);
    for (let request = 1; request < 58; request++) last = limiter.check('account:a', standard, elevenPm);

    expect(rateLimitHeaders(standard, last)).toEqual({
      'RateLimit-Policy': '"burst";q=100;w=2, "daily";q=100000;w=86400',
      RateLimit: '"burst";r=42;t=1, "daily";r=99942;t=3600',
    });
  });

  it('reports t=0 for a burst that is full', () => {
    const usage = new RateLimiter().peek('account:a', standard, elevenPm);

    expect(formatRateLimit([usage.burst])).toBe('"burst";r=100;t=0');
  });

  it('lists only the policies it is given', () => {
    const usage = new RateLimiter().peek('account:a', standard, elevenPm);

    expect(formatRateLimit([usage.daily])).toBe('"daily";r=100000;t=3600');
  });
});

describe('structured field strings', () => {
  it('escape quotes and backslashes', () => {
    expect(sfString('a"b\\c')).toBe('"a\\"b\\\\c"');
  });

  it('refuse characters outside printable ASCII', () => {
    expect(() => sfString('dépassé')).toThrow(RangeError);
    expect(() => sfString('a\nb')).toThrow(RangeError);
  });
});

describe('the 429 of a refused request', () => {
  const tight: Plan = { rate: 1, burst: 2, dailyQuota: 1_000 };

  it('is a RateLimitExceeded problem naming the burst policy, with Retry-After and the rate limit fields', () => {
    const limiter = new RateLimiter();
    limiter.check('account:a', tight, elevenPm);
    limiter.check('account:a', tight, elevenPm);
    const refused = limiter.check('account:a', tight, elevenPm);

    const response = problemResponse(rateLimitExceeded(tight, refused), '/v2/b2b/bookings', 'req-1');

    expect(response.statusCode).toBe(429);
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/problem+json',
      'Retry-After': '1',
      'RateLimit-Policy': '"burst";q=2;w=2, "daily";q=1000;w=86400',
      RateLimit: '"burst";r=0;t=1, "daily";r=998;t=3600',
    });
    expect(JSON.parse(response.body)).toMatchObject({
      code: 'RateLimitExceeded',
      status: 429,
      details: { policy: 'burst' },
    });
  });

  it('names the daily policy and waits until 00:00 UTC when the quota is used up', () => {
    const limiter = new RateLimiter();
    const oneADay: Plan = { rate: 1, burst: 1, dailyQuota: 1 };
    limiter.check('account:a', oneADay, elevenPm);
    const refused = limiter.check('account:a', oneADay, new Date('2030-03-10T23:30:00.000Z'));

    const response = problemResponse(rateLimitExceeded(oneADay, refused), '/v2/b2b/bookings', 'req-2');

    expect(response.headers['Retry-After']).toBe('1800');
    expect(JSON.parse(response.body)).toMatchObject({ details: { policy: 'daily' } });
  });

  it('cannot be built from an allowed decision', () => {
    const allowed = new RateLimiter().check('account:a', tight, elevenPm);

    expect(() => rateLimitExceeded(tight, allowed)).toThrow(/refused decision/);
  });
});
