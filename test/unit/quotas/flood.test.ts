import { describe, expect, it } from 'vitest';
import {
  addressFlooding,
  clientFlooding,
  FloodLimiter,
  type FloodPolicy,
} from '../../../shared/domain/quotas/flood.ts';
import { problemResponse } from '../../../shared/http/problem.ts';

/** Starts exactly on a window boundary of every window length (a whole hour). */
const hour = Date.parse('2030-03-10T12:00:00.000Z');
const at = (seconds: number) => new Date(hour + seconds * 1000);
const policy: FloodPolicy = { limit: 3, windowSeconds: 60 };

describe('the address flood limiter', () => {
  it('allows the limit within a window and refuses the next request', () => {
    const limiter = new FloodLimiter(policy);

    const decisions = [0, 1, 2, 3].map((second) => limiter.check('198.51.100.7', at(second)));

    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
  });

  it('asks to wait until the sliding window holds room for one more request', () => {
    const limiter = new FloodLimiter(policy);
    for (const second of [0, 0, 0]) limiter.check('198.51.100.7', at(second));

    const refused = limiter.check('198.51.100.7', at(0));

    // Next window: the 3 requests weigh 3 × (1 − elapsed); room for one more once that is ≤ 2.
    expect(refused.retryAfterSeconds).toBe(80);
    expect(limiter.check('198.51.100.7', at(79)).allowed).toBe(false);
    expect(limiter.check('198.51.100.7', at(80)).allowed).toBe(true);
  });

  it('slides: requests at the end of one window still count early in the next', () => {
    const limiter = new FloodLimiter(policy);
    for (const second of [57, 58, 59]) limiter.check('198.51.100.7', at(second));

    const early = limiter.check('198.51.100.7', at(61));

    expect(early.allowed).toBe(false);
    expect(early.retryAfterSeconds).toBe(19);
    expect(limiter.check('198.51.100.7', at(80)).allowed).toBe(true);
  });

  it('forgets a window two windows back', () => {
    const limiter = new FloodLimiter(policy);
    for (const second of [0, 1, 2]) limiter.check('198.51.100.7', at(second));

    const decisions = [120, 120, 120].map((second) => limiter.check('198.51.100.7', at(second)));

    expect(decisions.every((decision) => decision.allowed)).toBe(true);
  });

  it('counts each address on its own', () => {
    const limiter = new FloodLimiter(policy);
    for (const second of [0, 1, 2, 3]) limiter.check('198.51.100.7', at(second));

    expect(limiter.check('203.0.113.9', at(4)).allowed).toBe(true);
  });

  it('does not count refused requests, so waiting as told is enough', () => {
    const limiter = new FloodLimiter(policy);
    for (let second = 0; second < 60; second++) limiter.check('198.51.100.7', at(second));

    expect(limiter.check('198.51.100.7', at(80)).allowed).toBe(true);
  });

  it('drops addresses silent for two windows, and never holds more than maxKeys', () => {
    const limiter = new FloodLimiter(policy, 2);
    limiter.check('a', at(0));
    limiter.check('b', at(0));
    limiter.check('c', at(0));
    expect(limiter.trackedKeys).toBe(2);

    limiter.check('d', at(120));

    expect(limiter.trackedKeys).toBe(1);
  });

  it('refuses a limit below one', () => {
    expect(() => new FloodLimiter({ limit: 0, windowSeconds: 60 })).toThrow(RangeError);
  });

  it('answers a flood with a 429 RateLimitExceeded problem and Retry-After', () => {
    const response = problemResponse(addressFlooding(80), '/oauth/v2/token', 'req-1');

    expect(response.statusCode).toBe(429);
    expect(response.headers['Retry-After']).toBe('80');
    expect(JSON.parse(response.body)).toMatchObject({ details: { policy: 'address_flood' } });
  });

  it('answers a client asking for tokens in a loop with a 429 naming the client_flood policy', () => {
    const response = problemResponse(clientFlooding(12), '/oauth/v2/token', 'req-2');

    expect(response.statusCode).toBe(429);
    expect(response.headers['Retry-After']).toBe('12');
    expect(JSON.parse(response.body)).toMatchObject({ details: { policy: 'client_flood' } });
  });
});
