/**
 * A report's row count and totals per filter set, per instance (decision 0045). A value is
 * served while it is younger than `ttlMs`, counted from when its computation started; once it
 * is half that old, the next request starts a recount in the background and is still answered
 * from the held value. So under steady paging nobody waits for a count after the first, and no
 * answer is older than before. Concurrent callers share one computation; a failed recount keeps
 * the held value until it expires. A TTL of 0 turns caching off (tests).
 */
export class CountCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T>; refreshing: boolean }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && at - hit.at < this.ttlMs) {
      if (!hit.refreshing && at - hit.at >= this.ttlMs / 2) this.refresh(key, hit, at, load);
      return hit.value;
    }
    const entry = { at, value: load(), refreshing: false };
    this.store(key, entry);
    // A failure is not remembered: the next caller tries again.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  private refresh(key: string, held: { refreshing: boolean }, at: number, load: () => Promise<T>) {
    held.refreshing = true;
    const value = load();
    value.then(
      () => {
        if (this.entries.get(key) === held) this.store(key, { at, value, refreshing: false });
      },
      () => {
        held.refreshing = false;
      },
    );
  }

  private store(key: string, entry: { at: number; value: Promise<T>; refreshing: boolean }) {
    // Re-inserted, so the map stays in age order: the oldest (and expired) entries come first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const at = this.now();
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && at - e.at < this.ttlMs) break;
      this.entries.delete(k);
    }
  }
}
