/**
 * Fixed-window counters in memory (per app instance). Used for per-IP limits on sign-in,
 * register, password reset and contact forms. See docs/decisions/0003 for why and for the
 * multi-instance path; failed sign-ins per account are counted in the database instead (0014).
 *
 * Bounded (docs/decisions/0020): every window of one limiter has the same length, so keeping
 * the map in the order windows opened keeps it in the order they end. Expired windows are
 * dropped from the front as time passes, and when `maxKeys` is reached the oldest window is
 * dropped: O(1) amortised per hit, never a walk over the whole map, memory capped whatever
 * keys an attacker sends.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    readonly maxKeys = 100_000,
  ) {}

  /** How many keys are held (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  /** True when the key is already at its limit (does not count). */
  isLimited(key: string): boolean {
    const entry = this.current(key);
    return entry !== undefined && entry.count >= this.limit;
  }

  /** Counts one hit; returns false when the key has gone over its limit. */
  hit(key: string): boolean {
    this.dropExpired();
    let entry = this.current(key);
    if (!entry) {
      entry = { count: 0, resetAt: this.now() + this.windowMs };
      // A new window goes to the back; the oldest ones are at the front.
      this.windows.set(key, entry);
      while (this.windows.size > this.maxKeys) this.dropOldest();
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Takes back one counted hit (never below zero). */
  unhit(key: string): void {
    const entry = this.current(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  /**
   * Marks the key as at its limit until `resetAt` (a count learnt elsewhere, e.g. from the
   * database): `isLimited` answers without asking again. Bounded like `hit`.
   */
  block(key: string, resetAt: number): void {
    this.dropExpired();
    this.windows.delete(key);
    this.windows.set(key, { count: this.limit, resetAt });
    while (this.windows.size > this.maxKeys) this.dropOldest();
  }

  private current(key: string) {
    const entry = this.windows.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops ended windows from the front; stops at the first live one. */
  private dropExpired() {
    const now = this.now();
    for (const [key, entry] of this.windows) {
      if (entry.resetAt > now) return;
      this.windows.delete(key);
    }
  }

  private dropOldest() {
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}
