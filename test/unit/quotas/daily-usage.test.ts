import { describe, expect, it } from 'vitest';
import {
  DailyUsageCounter,
  type DailyUsageOptions,
  dailyPolicyUsage,
  type FlushFailure,
  utcDate,
} from '../../../shared/domain/quotas/daily-usage.ts';
import type { DailyUsageStore } from '../../../shared/domain/quotas/ports.ts';

/** The shared counter items, as DynamoDB would hold them: `ADD` answers the new total. */
class FakeStore implements DailyUsageStore {
  readonly totals = new Map<string, number>();
  readonly adds: { owner: string; day: string; requests: number; expiresAt: number }[] = [];
  reads = 0;
  /** The next adds to refuse (a throttled or unreachable table). */
  failures = 0;
  /** While set, adds wait until `release` (a slow store, or a frozen container). */
  private held: (() => void)[] | undefined;

  async add(owner: string, day: string, requests: number, expiresAt: number): Promise<number> {
    this.adds.push({ owner, day, requests, expiresAt });
    if (this.held) await new Promise<void>((resolve) => this.held?.push(resolve));
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('ProvisionedThroughputExceededException');
    }
    const key = `${owner}#${day}`;
    const total = (this.totals.get(key) ?? 0) + requests;
    this.totals.set(key, total);
    return total;
  }

  async read(owner: string, day: string): Promise<number> {
    this.reads += 1;
    return this.totals.get(`${owner}#${day}`) ?? 0;
  }

  total(owner: string, day: string): number {
    return this.totals.get(`${owner}#${day}`) ?? 0;
  }

  hold(): void {
    this.held = [];
  }

  release(): void {
    const waiting = this.held ?? [];
    this.held = undefined;
    for (const resolve of waiting) resolve();
  }
}

/** A container's counter with a clock the test moves by hand. */
function container(store: DailyUsageStore, options: DailyUsageOptions = {}) {
  let elapsed = 0;
  const failures: FlushFailure[] = [];
  const counter = new DailyUsageCounter(store, {
    elapsedMs: () => elapsed,
    onFlushFailed: (failure) => failures.push(failure),
    ...options,
  });
  return {
    counter,
    failures,
    advance(ms: number) {
      elapsed += ms;
    },
  };
}

const noon = new Date('2030-01-01T12:00:00Z');
const alice = 'account:acc_alice';
const bob = 'account:acc_bob';

function countTimes(counter: DailyUsageCounter, owner: string, times: number, at = noon): void {
  for (let index = 0; index < times; index++) counter.count(owner, at);
}

describe('the daily usage counter', () => {
  it('sends the first request of an owner at once and then knows the day’s total', async () => {
    const store = new FakeStore();
    const { counter } = container(store);

    counter.count(alice, noon);
    const beforeTheAnswer = counter.known(alice, noon);
    await counter.settled();

    expect(beforeTheAnswer).toBeUndefined();
    expect(store.adds).toEqual([
      { owner: alice, day: '2030-01-01', requests: 1, expiresAt: expect.any(Number) },
    ]);
    expect(counter.known(alice, noon)).toBe(1);
  });

  it('sends an owner’s requests at most once an interval, in one increment, reporting them meanwhile', async () => {
    const store = new FakeStore();
    const { counter, advance } = container(store, { flushIntervalMs: 1_000 });
    counter.count(alice, noon);
    await counter.settled();

    countTimes(counter, alice, 9);
    const withinTheInterval = counter.known(alice, noon);
    advance(1_000);
    counter.count(alice, noon);
    await counter.settled();

    expect(withinTheInterval).toBe(10);
    expect(store.adds.map((add) => add.requests)).toEqual([1, 10]);
    expect(store.total(alice, '2030-01-01')).toBe(11);
    expect(counter.known(alice, noon)).toBe(11);
  });

  it('learns what other containers counted from the total its own increment answers', async () => {
    const store = new FakeStore();
    const first = container(store);
    const second = container(store);

    countTimes(first.counter, alice, 1);
    await first.counter.settled();
    countTimes(second.counter, alice, 1);
    await second.counter.settled();
    first.advance(1_000);
    countTimes(first.counter, alice, 1);
    await first.counter.settled();

    expect(second.counter.known(alice, noon)).toBe(2);
    expect(first.counter.known(alice, noon)).toBe(3);
  });

  it('counts the request under way while its increment is in flight, and not twice once it is answered', async () => {
    const store = new FakeStore();
    const { counter } = container(store);
    counter.count(alice, noon);
    await counter.settled();
    store.hold();

    counter.count(bob, noon);
    countTimes(counter, alice, 2);
    const aliceInFlight = counter.known(alice, noon);
    store.release();
    await counter.settled();

    expect(aliceInFlight).toBe(3);
    expect(counter.known(alice, noon)).toBe(3);
    expect(counter.known(bob, noon)).toBe(1);
  });

  it('puts the requests of a failed increment back, reports them, and sends them with the next one', async () => {
    const store = new FakeStore();
    const { counter, failures, advance } = container(store);
    counter.count(alice, noon);
    await counter.settled();
    store.failures = 1;

    advance(1_000);
    countTimes(counter, alice, 3);
    await counter.settled();
    const afterTheFailure = counter.known(alice, noon);
    advance(1_000);
    counter.count(alice, noon);
    await counter.settled();

    expect(failures).toEqual([{ owner: alice, day: '2030-01-01', requests: 1, error: expect.any(Error) }]);
    expect(afterTheFailure).toBe(4);
    expect(store.adds.map((add) => add.requests)).toEqual([1, 1, 4]);
    expect(store.total(alice, '2030-01-01')).toBe(5);
  });

  it('never throws into a request, even when the store throws before answering', async () => {
    const throwing: DailyUsageStore = {
      add: () => {
        throw new Error('no client');
      },
      read: () => Promise.resolve(0),
    };
    const { counter, failures } = container(throwing);

    expect(() => counter.count(alice, noon)).not.toThrow();
    await counter.settled();
    expect(failures).toHaveLength(1);
    expect(counter.known(alice, noon)).toBeUndefined();
  });

  it('keeps counting when the failure report itself throws', async () => {
    const store = new FakeStore();
    store.failures = 1;
    const counter = new DailyUsageCounter(store, {
      elapsedMs: () => 0,
      onFlushFailed: () => {
        throw new Error('metrics down');
      },
    });

    counter.count(alice, noon);
    await counter.settled();

    expect(() => counter.count(alice, noon)).not.toThrow();
  });

  it('loses at most what a killed container counted since its last increment', async () => {
    const store = new FakeStore();
    const killed = container(store, { flushIntervalMs: 1_000 });
    const survivor = container(store);
    countTimes(killed.counter, alice, 1);
    await killed.counter.settled();
    killed.advance(1_000);
    countTimes(killed.counter, alice, 1);
    await killed.counter.settled();

    // Within its next interval: counted, never sent. Then the container is gone.
    countTimes(killed.counter, alice, 7);
    countTimes(survivor.counter, alice, 1);
    await survivor.counter.settled();

    expect(store.total(alice, '2030-01-01')).toBe(3);
    expect(survivor.counter.known(alice, noon)).toBe(3);
    // The truth is 10: the shortfall is the 7 the killed container held for less than an interval.
  });

  it('sends other owners’ due requests on any request, so an owner that stopped calling is not held back', async () => {
    const store = new FakeStore();
    const { counter, advance } = container(store, { flushIntervalMs: 1_000 });
    counter.count(alice, noon);
    await counter.settled();
    countTimes(counter, alice, 4);

    advance(1_000);
    counter.count(bob, noon);
    await counter.settled();

    expect(store.total(alice, '2030-01-01')).toBe(5);
    expect(store.total(bob, '2030-01-01')).toBe(1);
  });

  it('leaves the day’s total unknown once what it heard is older than the staleness bound', async () => {
    const store = new FakeStore();
    const { counter, advance } = container(store, { maxStalenessMs: 10_000 });
    counter.count(alice, noon);
    await counter.settled();
    store.hold();

    advance(10_001);
    counter.count(alice, noon);
    const stale = counter.known(alice, noon);
    store.release();
    await counter.settled();

    expect(stale).toBeUndefined();
    expect(counter.known(alice, noon)).toBe(2);
  });

  it('sends again at once when the clock steps back, and no longer trusts the total it heard', async () => {
    const store = new FakeStore();
    const { counter, advance } = container(store);
    counter.count(alice, noon);
    await counter.settled();

    advance(-60_000);
    const afterTheStep = counter.known(alice, noon);
    counter.count(alice, noon);
    await counter.settled();

    expect(afterTheStep).toBeUndefined();
    expect(store.adds.map((add) => add.requests)).toEqual([1, 1]);
    expect(counter.known(alice, noon)).toBe(2);
  });

  it('counts a request in the UTC day it was made, sending yesterday’s requests to yesterday’s item after midnight', async () => {
    const store = new FakeStore();
    const { counter, advance } = container(store);
    const beforeMidnight = new Date('2030-01-01T23:59:59.900Z');
    const afterMidnight = new Date('2030-01-02T00:00:00.100Z');
    counter.count(alice, beforeMidnight);
    await counter.settled();
    countTimes(counter, alice, 2, beforeMidnight);

    advance(1_000);
    counter.count(alice, afterMidnight);
    await counter.settled();
    const newDay = counter.known(alice, afterMidnight);
    advance(1_000);
    counter.count(bob, afterMidnight);
    await counter.settled();

    expect(store.total(alice, '2030-01-01')).toBe(3);
    expect(store.total(alice, '2030-01-02')).toBe(1);
    expect(newDay).toBe(1);
    expect(counter.known(alice, beforeMidnight)).toBeUndefined();
    expect(counter.trackedEntries).toBe(2);
  });

  it('lets the store forget an item two days after its day ends', async () => {
    const store = new FakeStore();
    const { counter } = container(store);

    counter.count(alice, noon);
    await counter.settled();

    expect(store.adds[0]?.expiresAt).toBe(Date.parse('2030-01-04T00:00:00Z') / 1000);
  });

  it('holds at most its bound of owners, reporting the requests of one it drops unsent', async () => {
    const store = new FakeStore();
    const { counter, failures } = container(store, { maxEntries: 2 });
    counter.count(alice, noon);
    await counter.settled();
    counter.count(alice, noon);

    counter.count(bob, noon);
    counter.count('account:acc_carol', noon);
    await counter.settled();

    expect(counter.trackedEntries).toBe(2);
    expect(failures).toEqual([{ owner: alice, day: '2030-01-01', requests: 1, error: expect.any(Error) }]);
  });
});

describe('reading the day’s usage exactly', () => {
  it('sends what is pending and answers the total every container sent', async () => {
    const store = new FakeStore();
    const other = container(store);
    const { counter } = container(store);
    countTimes(other.counter, alice, 4);
    await other.counter.flushAll();
    counter.count(alice, noon);
    await counter.settled();
    countTimes(counter, alice, 2);

    const total = await counter.read(alice, noon);

    expect(total).toBe(7);
    expect(store.reads).toBe(0);
    expect(counter.known(alice, noon)).toBe(7);
  });

  it('reads the item when nothing is pending, waiting for an increment under way first', async () => {
    const store = new FakeStore();
    const other = container(store);
    const { counter } = container(store);
    store.hold();
    counter.count(alice, noon);
    const reading = counter.read(alice, noon);
    store.release();
    await counter.settled();
    countTimes(other.counter, alice, 2);
    await other.counter.flushAll();

    expect(await reading).toBe(1);
    expect(await counter.read(alice, noon)).toBe(3);
    expect(store.reads).toBe(2);
  });

  it('answers 0 for an owner nothing was counted for today', async () => {
    const { counter } = container(new FakeStore());

    expect(await counter.read(bob, noon)).toBe(0);
  });

  it('fails when the pending requests cannot be sent, keeping them for the next increment', async () => {
    const store = new FakeStore();
    const { counter } = container(store);
    counter.count(alice, noon);
    await counter.settled();
    counter.count(alice, noon);
    store.failures = 1;

    await expect(counter.read(alice, noon)).rejects.toThrow(/could not be sent/);
    expect(await counter.read(alice, noon)).toBe(2);
  });

  it('sends everything pending when asked to, for a stage shutting down', async () => {
    const store = new FakeStore();
    const { counter } = container(store);
    counter.count(alice, noon);
    counter.count(bob, noon);
    await counter.settled();
    countTimes(counter, alice, 3);
    countTimes(counter, bob, 2);

    await counter.flushAll();

    expect(store.total(alice, '2030-01-01')).toBe(4);
    expect(store.total(bob, '2030-01-01')).toBe(3);
  });
});

describe('the daily policy as a response reports it', () => {
  it('says what is left of the quota until 00:00 UTC, never less than nothing', () => {
    const plan = { rate: 5, burst: 10, dailyQuota: 100 };
    const at = new Date('2030-01-01T23:00:00Z');

    expect(dailyPolicyUsage(plan, 42, at)).toEqual({
      policy: 'daily',
      quota: 100,
      windowSeconds: 86_400,
      remaining: 58,
      resetSeconds: 3_600,
    });
    expect(dailyPolicyUsage(plan, 130, at).remaining).toBe(0);
  });

  it('names days as UTC dates', () => {
    expect(utcDate(new Date('2030-01-01T23:59:59.999Z'))).toBe('2030-01-01');
    expect(utcDate(new Date('2030-01-02T00:00:00.000Z'))).toBe('2030-01-02');
  });
});
