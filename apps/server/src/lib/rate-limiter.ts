/**
 * Fixed-window counters in memory (per app instance). Used for login, register, password
 * reset and contact forms. See docs/decisions/0003 for why and for the multi-instance path.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the key is already at its limit (does not count). */
  isLimited(key: string): boolean {
    const entry = this.current(key);
    return entry !== undefined && entry.count >= this.limit;
  }

  /** Counts one hit; returns false when the key has gone over its limit. */
  hit(key: string): boolean {
    const entry = this.current(key) ?? { count: 0, resetAt: this.now() + this.windowMs };
    entry.count += 1;
    this.windows.set(key, entry);
    if (this.windows.size > 50_000) this.sweep();
    return entry.count <= this.limit;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const entry = this.windows.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = this.now();
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
