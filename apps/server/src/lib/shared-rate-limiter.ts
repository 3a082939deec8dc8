import { createHash } from 'node:crypto';
import { RateLimiter } from './rate-limiter.ts';

/** A hit to tell other instances: [limiter name, hashed key, limit, window in ms]. */
export type SharedHit = [string, string, number, number];

/** Hits per message (a NOTIFY payload holds < 8000 bytes; a hashed key is 27 characters). */
const HITS_PER_MESSAGE = 100;

const digest = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 27);

/**
 * Rate limiters whose hits every app instance hears (docs/decisions/0003): each instance
 * counts its own hits and those the others tell it of, so a limit holds across instances
 * rather than multiplying by their number. Hits are told in batches, once per turn of the
 * event loop, through `connect`'s sender (PostgreSQL NOTIFY); keys travel hashed (no
 * e-mail addresses or IPs in notifications). Without a sender (PGlite: one process) they are
 * plain in-memory limiters.
 */
export class SharedRateLimits {
  private readonly byName = new Map<string, SharedRateLimiter>();
  private queued: SharedHit[] = [];
  private send: ((hits: SharedHit[]) => void) | null = null;

  connect(send: ((hits: SharedHit[]) => void) | null) {
    this.send = send;
  }

  /** The limiter of this name (one per name and instance; names must be the same on every instance). */
  limiter(name: string, limit: number, windowMs: number): SharedRateLimiter {
    let limiter = this.byName.get(name);
    if (!limiter) {
      limiter = new SharedRateLimiter(name, limit, windowMs, this);
      this.byName.set(name, limiter);
    }
    return limiter;
  }

  /** Hits another instance counted (a limiter this one has not used yet starts with them). */
  heard(hits: SharedHit[]) {
    for (const [name, hashedKey, limit, windowMs] of hits) {
      if (typeof name !== 'string' || !(limit > 0) || !(windowMs > 0)) continue;
      this.limiter(name, limit, windowMs).countHashed(hashedKey);
    }
  }

  /** @internal */
  tell(limiter: SharedRateLimiter, hashedKey: string) {
    if (!this.send) return;
    this.queued.push([limiter.name, hashedKey, limiter.limit, limiter.windowMs]);
    if (this.queued.length === 1) setImmediate(() => this.flush());
  }

  private flush() {
    const hits = this.queued;
    this.queued = [];
    for (let i = 0; i < hits.length; i += HITS_PER_MESSAGE) this.send?.(hits.slice(i, i + HITS_PER_MESSAGE));
  }
}

/** A RateLimiter (same interface) whose hits reach the other instances; keys are held hashed. */
export class SharedRateLimiter extends RateLimiter {
  constructor(
    readonly name: string,
    limit: number,
    windowMs: number,
    private readonly shared: SharedRateLimits,
  ) {
    super(limit, windowMs);
  }

  override isLimited(key: string): boolean {
    return super.isLimited(digest(key));
  }

  override hit(key: string): boolean {
    const hashed = digest(key);
    this.shared.tell(this, hashed);
    return super.hit(hashed);
  }

  override reset(key: string): void {
    super.reset(digest(key));
  }

  /** @internal a hit heard from another instance. */
  countHashed(hashedKey: string) {
    super.hit(hashedKey);
  }
}
