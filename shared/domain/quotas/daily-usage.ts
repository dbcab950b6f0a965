import { type PolicyUsage, secondsUntilUtcMidnight, utcDay } from './limiter.ts';
import type { Plan } from './plans.ts';
import type { DailyUsageStore } from './ports.ts';

/**
 * The service's own count of each usage owner's requests per UTC day (docs/quotas.md, Headers in
 * AWS): API Gateway enforces the daily quota but never tells a Lambda how much of it is left, so every
 * container counts the metered requests it serves and adds them to one shared total per owner and day
 * (`DailyUsageStore.add`, an atomic increment that answers the new total of every container).
 *
 * `count` only adds to a local number and may start a flush that it does not await; `known` answers
 * from memory what the container last heard of the total plus what it counted since, and
 * `knownOnceFlushed` the same after the flush under way (the caller bounds that wait). A flush happens at most once per `flushIntervalMs` per owner, when
 * a request (of any owner) arrives after the interval: a Lambda container is frozen between
 * invocations, so no timer could be trusted to run. A flush that fails puts its requests back, to go
 * with the next one.
 *
 * Error bound (docs/quotas.md): a container that dies loses what it counted since its last flush (at
 * most one interval of its own traffic); a flush whose write reached the store but whose answer was
 * lost is sent again (counted twice); a total heard from the store misses what other containers
 * counted since (at most `maxStalenessMs` of the owner's traffic elsewhere, plus their unflushed
 * interval), and an older total is not reported at all.
 */

export interface DailyUsageOptions {
  /** Least time between two flushes of one owner's day. Default 1 s. */
  flushIntervalMs?: number;
  /** A total heard longer ago than this is unknown (`known` answers undefined). Default 10 s. */
  maxStalenessMs?: number;
  /** Days a counter item outlives its day before the store's TTL removes it. Default 2. */
  retentionDays?: number;
  /** Hard bound on the owners' days held in memory; past it the least recently flushed one is dropped. */
  maxEntries?: number;
  /** Entries past their due time examined on each count (flushed, or dropped when done). Default 2. */
  sweepPerCount?: number;
  /**
   * Milliseconds, for the flush interval and staleness. Default Date.now: the wall clock of a Lambda
   * container is right again when it thaws, where a monotonic clock may not count the time it slept.
   * A clock that steps back makes a flush due and a total stale.
   */
  elapsedMs?: () => number;
  /** A flush failed: its requests go with the next one. Never throws into a request. */
  onFlushFailed?: (failure: FlushFailure) => void;
}

export interface FlushFailure {
  owner: string;
  day: string;
  requests: number;
  error: unknown;
}

interface DayCount {
  owner: string;
  day: string;
  /** The total every container had flushed for the day, as the store last answered; undefined until then. */
  heard: number | undefined;
  /** When `heard` was answered (elapsedMs). */
  heardAtMs: number;
  /** Counted here, not yet sent. */
  pending: number;
  /** Sent by the flush under way, not yet answered. */
  inFlight: number;
  /** The flush under way, if any (true when the store took it): one at a time per owner and day. */
  flushing: Promise<boolean> | undefined;
  /** When the last flush started (elapsedMs); -Infinity before the first, so the first goes at once. */
  lastFlushMs: number;
  /** When the entry was last flushed or examined by the sweep (elapsedMs): its place in the map. */
  examinedAtMs: number;
}

const dayMs = 86_400_000;

/** `2030-01-31`: the UTC day of an instant, as API Gateway's DAY quota period counts it. */
export function utcDate(at: Date): string {
  return new Date(utcDay(at.getTime()) * dayMs).toISOString().slice(0, 10);
}

/** The daily policy as a response reports it, from the day's count (this request included). */
export function dailyPolicyUsage(plan: Plan, used: number, at: Date): PolicyUsage {
  return {
    policy: 'daily',
    quota: plan.dailyQuota,
    windowSeconds: 86_400,
    remaining: Math.max(0, plan.dailyQuota - used),
    resetSeconds: secondsUntilUtcMidnight(at.getTime()),
  };
}

export class DailyUsageCounter {
  /** Keyed `owner|day`, ordered by the last time an entry was flushed or examined (oldest first). */
  private readonly entries = new Map<string, DayCount>();
  private readonly flushIntervalMs: number;
  private readonly maxStalenessMs: number;
  private readonly retentionDays: number;
  private readonly maxEntries: number;
  private readonly sweepPerCount: number;
  private readonly elapsedMs: () => number;
  private readonly onFlushFailed: (failure: FlushFailure) => void;

  constructor(
    private readonly store: DailyUsageStore,
    options: DailyUsageOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 1_000;
    this.maxStalenessMs = options.maxStalenessMs ?? 10_000;
    this.retentionDays = options.retentionDays ?? 2;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.sweepPerCount = options.sweepPerCount ?? 2;
    this.elapsedMs = options.elapsedMs ?? (() => Date.now());
    this.onFlushFailed = options.onFlushFailed ?? (() => undefined);
  }

  /**
   * Counts one request of `owner` made at `at` (API Gateway's request time: the day it counted the
   * request in). Synchronous: the flushes it starts run on their own.
   */
  count(owner: string, at: Date): void {
    const day = utcDate(at);
    const entry = this.entryOf(owner, day);
    entry.pending += 1;
    const nowMs = this.elapsedMs();
    if (this.isDue(entry, nowMs)) this.flush(entry, nowMs);
    this.sweep(nowMs, day);
  }

  /**
   * The owner's requests on the day of `at`, all containers together, as far as this one knows
   * without asking: the last total the store answered plus what was counted here since. Undefined
   * when no total of that day was heard yet (a new container, a new day) or it is stale.
   */
  known(owner: string, at: Date): number | undefined {
    const entry = this.entries.get(keyOf(owner, utcDate(at)));
    if (entry?.heard === undefined) return undefined;
    const age = this.elapsedMs() - entry.heardAtMs;
    if (age < 0 || age > this.maxStalenessMs) return undefined;
    return entry.heard + entry.inFlight + entry.pending;
  }

  /**
   * `known`, once the flush under way for the owner's day has answered (at once when none is): for an
   * answer that found no recent total, whose own count usually started that flush. Never rejects: a
   * failed flush leaves the total unknown. The caller bounds the wait.
   */
  async knownOnceFlushed(owner: string, at: Date): Promise<number | undefined> {
    const flushing = this.entries.get(keyOf(owner, utcDate(at)))?.flushing;
    if (flushing) await flushing;
    return this.known(owner, at);
  }

  /**
   * The owner's requests on the day of `at`, exact as of now but for other containers' unflushed
   * counts: sends what is pending here (the store answers the total), else reads the total
   * consistently. For `GET /v2/b2b/rate-limits`; the store's errors reach the caller.
   */
  async read(owner: string, at: Date): Promise<number> {
    const day = utcDate(at);
    const entry = this.entryOf(owner, day);
    // Another request of this process may start a flush while this one waits: one at a time.
    while (entry.flushing) await entry.flushing;
    if (entry.pending > 0) {
      // A failed flush put its requests back: they stay counted, the total stays unknown.
      if (!(await this.flush(entry, this.elapsedMs()))) {
        throw new Error(`The usage of ${owner} on ${day} could not be sent to the store`);
      }
      return (entry.heard ?? 0) + entry.inFlight + entry.pending;
    }
    const total = await this.store.read(owner, day);
    // A concurrent flush of this container may have answered meanwhile: keep the larger, both are true.
    entry.heard = Math.max(entry.heard ?? 0, total);
    entry.heardAtMs = this.elapsedMs();
    return entry.heard + entry.inFlight + entry.pending;
  }

  /** Sends everything pending and waits for every flush (a stage shutting down, tests). */
  async flushAll(): Promise<void> {
    await Promise.all(
      [...this.entries.values()].map(async (entry) => {
        while (entry.flushing) await entry.flushing;
        if (entry.pending > 0) await this.flush(entry, this.elapsedMs());
      }),
    );
  }

  /** Waits for the flushes under way. */
  async settled(): Promise<void> {
    await Promise.all([...this.entries.values()].map((entry) => entry.flushing));
  }

  /** Owners' days held in memory (tests, the bench). */
  get trackedEntries(): number {
    return this.entries.size;
  }

  private entryOf(owner: string, day: string): DayCount {
    const key = keyOf(owner, day);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {
        owner,
        day,
        heard: undefined,
        heardAtMs: Number.NEGATIVE_INFINITY,
        pending: 0,
        inFlight: 0,
        flushing: undefined,
        lastFlushMs: Number.NEGATIVE_INFINITY,
        examinedAtMs: this.elapsedMs(),
      };
      this.entries.set(key, entry);
      if (this.entries.size > this.maxEntries) this.dropOldest();
    }
    return entry;
  }

  private isDue(entry: DayCount, nowMs: number): boolean {
    return entry.pending > 0 && !entry.flushing && !within(nowMs - entry.lastFlushMs, this.flushIntervalMs);
  }

  /** Starts sending the entry's pending requests: true once the store took them. Never rejects. */
  private flush(entry: DayCount, nowMs: number): Promise<boolean> {
    const requests = entry.pending;
    entry.pending = 0;
    entry.inFlight = requests;
    entry.lastFlushMs = nowMs;
    this.moveToEnd(entry, nowMs);
    const expiresAt = this.expiresAt(entry.day);
    // Through a promise even if the store throws at once: a count never throws into its request.
    const flushing = Promise.resolve()
      .then(() => this.store.add(entry.owner, entry.day, requests, expiresAt))
      .then(
        (total) => {
          // The store's total only grows within a day: the larger is the newer.
          entry.heard = Math.max(entry.heard ?? 0, total);
          entry.heardAtMs = this.elapsedMs();
          entry.inFlight = 0;
          entry.flushing = undefined;
          return true;
        },
        (error: unknown) => {
          entry.pending += requests;
          entry.inFlight = 0;
          entry.flushing = undefined;
          this.report({ owner: entry.owner, day: entry.day, requests, error });
          return false;
        },
      );
    entry.flushing = flushing;
    return flushing;
  }

  private report(failure: FlushFailure): void {
    try {
      this.onFlushFailed(failure);
    } catch {
      // Reporting must not turn a lost flush into a failed request.
    }
  }

  /**
   * Looks at the entries flushed or examined longest ago: flushes those due, forgets those of past
   * days with nothing left to send, and moves the others to the back. O(sweepPerCount) per count.
   */
  private sweep(nowMs: number, today: string): void {
    for (let examined = 0; examined < this.sweepPerCount; examined++) {
      const oldest = this.entries.values().next();
      if (oldest.done) return;
      const entry = oldest.value;
      if (within(nowMs - entry.examinedAtMs, this.flushIntervalMs)) return;
      if (this.isDue(entry, nowMs)) this.flush(entry, nowMs);
      else if (entry.day < today && entry.pending === 0 && !entry.flushing) this.forget(entry);
      // Nothing to send now (idle today, or a flush under way): look again an interval later.
      else this.moveToEnd(entry, nowMs);
    }
  }

  private moveToEnd(entry: DayCount, nowMs: number): void {
    const key = keyOf(entry.owner, entry.day);
    entry.examinedAtMs = nowMs;
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private forget(entry: DayCount): void {
    this.entries.delete(keyOf(entry.owner, entry.day));
  }

  /** Past the bound the least recently flushed entry goes, pending requests and all (counted as lost). */
  private dropOldest(): void {
    const oldest = this.entries.values().next();
    if (oldest.done) return;
    const entry = oldest.value;
    this.forget(entry);
    if (entry.pending > 0) {
      this.report({
        owner: entry.owner,
        day: entry.day,
        requests: entry.pending,
        error: new Error('Dropped unflushed: too many owners held in memory'),
      });
    }
  }

  /** Epoch seconds: `retentionDays` after the day ends. */
  private expiresAt(day: string): number {
    return Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + (1 + this.retentionDays) * 86_400;
  }
}

const keyOf = (owner: string, day: string) => `${owner}|${day}`;

/** Less than `intervalMs` has passed; a negative time means the clock stepped back, which ends it. */
const within = (elapsedMs: number, intervalMs: number) => elapsedMs >= 0 && elapsedMs < intervalMs;
