/**
 * Reuses a computed value for a while, per key, and shares one computation between
 * concurrent callers. Used for Home aggregates that scan many rows (leaderboard, trending,
 * celebrations): at 50 concurrent requests they are computed once per instance per TTL.
 * A TTL of 0 turns caching off (tests).
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /** Beyond this many keys the oldest are dropped (per-member entries). */
    private readonly maxEntries = 1_000,
  ) {}

  /** Forgets everything (e.g. when a live event says the data changed). */
  clear(): void {
    this.entries.clear();
  }

  /** Forgets the entries whose key matches. */
  clearWhere(matches: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
  }

  /**
   * Replaces held values with `change(value)` (pending ones once they arrive), keeping their age:
   * one changed item updated where it is cached instead of every entry being dropped. `change`
   * returns the value itself when it has nothing to change.
   */
  update(change: (value: T) => T): void {
    for (const [key, entry] of this.entries) {
      const next = { at: entry.at, value: entry.value.then(change) };
      next.value.catch(() => {
        if (this.entries.get(key) === next) this.entries.delete(key);
      });
      this.entries.set(key, next);
    }
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && at - hit.at < this.ttlMs) return hit.value;
    const value = load();
    const entry = { at, value };
    // Re-inserted, so the map stays in age order: the oldest (and expired) entries come first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failure is not remembered: the next caller tries again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && at - e.at < this.ttlMs) break;
      this.entries.delete(k);
    }
    return value;
  }
}
