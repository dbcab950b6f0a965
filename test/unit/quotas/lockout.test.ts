import { describe, expect, it, vi } from 'vitest';
import {
  ClientLockout,
  clientLockedOut,
  defaultLockoutPolicy,
  type LockoutStatus,
} from '../../../shared/domain/quotas/lockout.ts';
import { problemResponse } from '../../../shared/http/problem.ts';
import { InMemoryLockoutStore } from '../../support/in-memory-lockout-store.ts';

const start = Date.parse('2030-03-10T12:00:00.000Z');
const at = (seconds: number) => new Date(start + seconds * 1000);
const client = { clientId: 'pts_abcdefghijklmnopqrstuvwx', source: '192.0.2.1' };

async function fail(lockout: ClientLockout, times: number, now: Date): Promise<LockoutStatus> {
  let status: LockoutStatus = { locked: false, state: undefined };
  for (let attempt = 0; attempt < times; attempt++) status = await lockout.recordFailure(client, now);
  return status;
}

describe('the client lockout', () => {
  it('tolerates nine bad secrets in a row and locks the client at the tenth, for 30 seconds', async () => {
    const lockout = new ClientLockout(new InMemoryLockoutStore());

    const afterNine = await fail(lockout, 9, at(0));
    const afterTen = await lockout.recordFailure(client, at(1));

    expect(afterNine.locked).toBe(false);
    expect(afterTen).toMatchObject({ locked: true, retryAfterSeconds: 30, lockedUntil: at(31) });
    expect(await lockout.check(client, at(20))).toMatchObject({ locked: true, retryAfterSeconds: 11 });
    expect((await lockout.check(client, at(31))).locked).toBe(false);
  });

  it('doubles each further lockout of a series up to 15 minutes', async () => {
    const lockout = new ClientLockout(new InMemoryLockoutStore());
    const durations: number[] = [];
    let now = 0;
    for (let series = 0; series < 7; series++) {
      const status = await fail(lockout, 10, at(now));
      if (!status.locked) throw new Error('expected a lockout');
      durations.push(status.retryAfterSeconds);
      now += status.retryAfterSeconds;
    }

    expect(durations).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it('does not count bad secrets sent while locked', async () => {
    const store = new InMemoryLockoutStore();
    const lockout = new ClientLockout(store);
    await fail(lockout, 10, at(0));

    await fail(lockout, 25, at(5));

    expect((await store.find(client, at(5))).pair).toMatchObject({ failures: 0, lockouts: 1 });
    expect((await lockout.check(client, at(30))).locked).toBe(false);
  });

  it('starts counting again after a correct secret', async () => {
    const lockout = new ClientLockout(new InMemoryLockoutStore());
    await fail(lockout, 9, at(0));

    await lockout.recordSuccess(client, await lockout.check(client, at(1)));
    const afterNineMore = await fail(lockout, 9, at(2));

    expect(afterNineMore.locked).toBe(false);
  });

  it('starts the next series at 30 seconds again once a correct secret ended the last one', async () => {
    const lockout = new ClientLockout(new InMemoryLockoutStore());
    await fail(lockout, 10, at(0));
    await fail(lockout, 10, at(30));

    await lockout.recordSuccess(client, await lockout.check(client, at(90)));
    const next = await fail(lockout, 10, at(91));

    expect(next).toMatchObject({ locked: true, retryAfterSeconds: 30 });
  });

  it('forgets a series a day after its last failure', async () => {
    const lockout = new ClientLockout(new InMemoryLockoutStore());
    await fail(lockout, 10, at(0));
    await fail(lockout, 10, at(30));

    const dayLater = await fail(lockout, 10, at(90 + defaultLockoutPolicy.forgetAfterSeconds));

    expect(dayLater).toMatchObject({ locked: true, retryAfterSeconds: 30 });
  });

  it('costs no write on a success when there was nothing to forget', async () => {
    const store = new InMemoryLockoutStore();
    const clear = vi.spyOn(store, 'clear');
    const lockout = new ClientLockout(store);

    await lockout.recordSuccess(client, await lockout.check(client, at(0)));

    expect(clear).not.toHaveBeenCalled();
  });

  it('locks once when concurrent failures reach the threshold together', async () => {
    const store = new InMemoryLockoutStore();
    const lock = vi.spyOn(store, 'lock');
    const lockout = new ClientLockout(store);
    await fail(lockout, 9, at(0));

    const statuses = await Promise.all([1, 2, 3].map(() => lockout.recordFailure(client, at(1))));

    expect(statuses.every((status) => status.locked)).toBe(true);
    expect((await store.find(client, at(1))).pair).toMatchObject({ lockouts: 1, failures: 0 });
    expect((await Promise.all(lock.mock.results.map((result) => result.value))).filter(Boolean)).toHaveLength(
      1,
    );
  });

  it('keeps one client’s failures away from another client', async () => {
    const lockout = new ClientLockout(new InMemoryLockoutStore());
    await fail(lockout, 10, at(0));

    expect((await lockout.check({ ...client, clientId: 'pts_someoneelse000000000000' }, at(1))).locked).toBe(
      false,
    );
  });

  it('locks the client from one source only: the right secret from another address is still checked', async () => {
    const lockout = new ClientLockout(new InMemoryLockoutStore());
    await fail(lockout, 50, at(0));

    expect(await lockout.check(client, at(1))).toMatchObject({ locked: true });
    expect(await lockout.check({ ...client, source: '2001:db8::1' }, at(1))).toEqual({
      locked: false,
      state: undefined,
    });
  });

  it('locks the client from every source once all of them reach the ceiling in one window, until it ends', async () => {
    const lockout = new ClientLockout(new InMemoryLockoutStore(), {
      ...defaultLockoutPolicy,
      clientCeiling: 29,
      clientWindowSeconds: 900,
    });
    const from = (source: number) => ({ ...client, source: `198.51.100.${source}` });
    for (let source = 0; source < 3; source++) {
      for (let attempt = 0; attempt < 9; attempt++) await lockout.recordFailure(from(source), at(source));
    }

    const belowCeiling = await lockout.recordFailure(from(3), at(100));
    const atCeiling = await lockout.recordFailure(from(4), at(100));

    expect(belowCeiling.locked).toBe(false);
    expect(atCeiling).toMatchObject({ locked: true, retryAfterSeconds: 800, lockedUntil: at(900) });
    expect(await lockout.check(from(99), at(899))).toMatchObject({ locked: true, retryAfterSeconds: 1 });
    expect((await lockout.check(from(99), at(900))).locked).toBe(false);
  });

  it('keeps the longer of a pair lockout and the ceiling', async () => {
    const lockout = new ClientLockout(new InMemoryLockoutStore(), {
      ...defaultLockoutPolicy,
      clientCeiling: 10,
      clientWindowSeconds: 10,
    });

    const tenth = await fail(lockout, 10, at(0));

    expect(tenth).toMatchObject({ locked: true, retryAfterSeconds: 30 });
    expect(await lockout.check(client, at(20))).toMatchObject({ locked: true, retryAfterSeconds: 10 });
  });

  it('follows a custom policy', async () => {
    const lockout = new ClientLockout(new InMemoryLockoutStore(), {
      threshold: 2,
      baseSeconds: 1,
      maxSeconds: 3,
      forgetAfterSeconds: 60,
      clientCeiling: 100,
      clientWindowSeconds: 60,
    });

    expect(await fail(lockout, 2, at(0))).toMatchObject({ locked: true, retryAfterSeconds: 1 });
    expect([
      lockout.lockSeconds(0),
      lockout.lockSeconds(1),
      lockout.lockSeconds(2),
      lockout.lockSeconds(40),
    ]).toEqual([1, 2, 3, 3]);
  });

  it('answers a locked client with a 429 RateLimitExceeded problem and Retry-After', () => {
    const response = problemResponse(clientLockedOut(42), '/oauth/v2/token', 'req-1');

    expect(response.statusCode).toBe(429);
    expect(response.headers['Retry-After']).toBe('42');
    expect(JSON.parse(response.body)).toMatchObject({
      code: 'RateLimitExceeded',
      details: { policy: 'client_lockout' },
    });
  });
});

describe('the in-memory lockout store', () => {
  it('treats an expired record as absent and starts a fresh one on the next failure', async () => {
    const store = new InMemoryLockoutStore();
    await store.addFailure(client, at(0), start / 1000 + 10);

    expect((await store.find(client, at(10))).pair).toBeUndefined();
    expect(await store.addFailure(client, at(11), start / 1000 + 100)).toMatchObject({
      failures: 1,
      lockouts: 0,
    });
  });

  it('holds at most maxRecords records of each kind', async () => {
    const store = new InMemoryLockoutStore(2);
    for (const clientId of ['a', 'b', 'c'])
      await store.addFailure({ clientId, source: '192.0.2.1' }, at(0), start / 1000 + 100);

    expect(store.size).toBe(2);
    expect((await store.find({ clientId: 'a', source: '192.0.2.1' }, at(0))).pair).toBeUndefined();
  });

  it('sweeps expired records as new ones arrive', async () => {
    const store = new InMemoryLockoutStore();
    await store.addFailure({ clientId: 'a', source: '192.0.2.1' }, at(0), start / 1000 + 10);
    await store.addFailure({ clientId: 'b', source: '192.0.2.1' }, at(0), start / 1000 + 10);

    await store.addFailure({ clientId: 'c', source: '192.0.2.1' }, at(20), start / 1000 + 100);

    expect(store.size).toBe(1);
  });
});
