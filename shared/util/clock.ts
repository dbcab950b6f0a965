/** What reads the time: the system clock in AWS, a clock a test moves on the local stage. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock moved forward by what a test advanced it, or stopped at a set time: expiry,
 * staleness and lockouts end when the test says, not after a real wait.
 */
export class TestClock implements Clock {
  private offsetMs = 0;

  private constructor(private stoppedAtMs: number | undefined) {}

  /** Runs with the system clock, ahead of it by every `advance`. */
  static running(): TestClock {
    return new TestClock(undefined);
  }

  /** Stands at `at` until advanced. */
  static stoppedAt(at: Date | string): TestClock {
    return new TestClock(new Date(at).getTime());
  }

  now(): Date {
    return new Date((this.stoppedAtMs ?? Date.now()) + this.offsetMs);
  }

  /** Forward only: a clock that steps back would end nothing sooner, only confuse the caches. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError(`A test clock moves forward only, not by ${ms} ms`);
    this.offsetMs += ms;
  }

  /** Forward to `at`, which must not lie behind the clock's time. */
  advanceTo(at: Date | string): void {
    this.advance(new Date(at).getTime() - this.now().getTime());
  }
}

let current: Clock = systemClock;

/**
 * The clock of this process's functions: what workers and container-scope caches (token standing,
 * catalog staleness, pass keys) read, since a Lambda's module scope has no other way in. It is the
 * system clock unless the local stage, or a test running functions in its own process, installs
 * another with `useClock`. API handlers take a request's time from its event instead.
 */
export const processClock: Clock = { now: () => current.now() };

/** Installs `clock` as this process's clock; answers a function that puts the previous one back. */
export function useClock(clock: Clock): () => void {
  const previous = current;
  current = clock;
  return () => {
    current = previous;
  };
}

/** `processClock` in epoch milliseconds, for caches that count in them. */
export const processMillis = (): number => current.now().getTime();
