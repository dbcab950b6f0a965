/**
 * A map that keeps only its most recently used entries (a Map iterates in insertion order): at most
 * `capacity` of them, or, given `weigh`, as many as fit in a total weight of `capacity` (bytes, say).
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Re-inserting makes it the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.weight += this.weigh(value);
    for (const [oldest, dropped] of this.entries) {
      if (this.weight <= this.capacity) break;
      this.entries.delete(oldest);
      this.weight -= this.weigh(dropped);
    }
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.weight -= this.weigh(value);
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
