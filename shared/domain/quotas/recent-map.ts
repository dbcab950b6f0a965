/**
 * Per-key state kept in memory with a hard size bound: a Map in least-recently-used order (a Map
 * iterates in insertion order; a touch moves the key to the end). Each access also looks at the
 * oldest few entries and drops those the owner says are idle, so idle keys go away in O(1) amortized
 * work without a timer, and the bound is only reached under real load.
 */
export class RecentMap<V> {
  private readonly entries = new Map<string, V>();

  /**
   * @param capacity hard bound: past it the least recently used entry is dropped even if not idle.
   * @param sweepPerAccess how many of the oldest entries each access examines for idleness.
   */
  constructor(
    private readonly capacity: number,
    private readonly sweepPerAccess = 2,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
  }

  /** The entry, now the most recently used; undefined when absent. */
  touch(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Reads without changing the order (a status query is not use). */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops up to `sweepPerAccess` of the oldest entries for which `isIdle` holds; stops at the first busy one. */
  sweep(isIdle: (value: V) => boolean): void {
    for (let examined = 0; examined < this.sweepPerAccess; examined++) {
      const oldest = this.entries.entries().next();
      if (oldest.done || !isIdle(oldest.value[1])) return;
      this.entries.delete(oldest.value[0]);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
