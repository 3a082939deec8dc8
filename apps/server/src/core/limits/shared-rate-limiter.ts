import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { Row, Statement } from '../../db/statement.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';

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
  /** @internal PostgreSQL, where `take` counts (null: in memory). */
  db: Db | null = null;
  private takes = 0;

  connect(send: ((hits: SharedHit[]) => void) | null) {
    this.send = send;
  }

  /** Counts `take`s in PostgreSQL (rate_limit_counts), exactly across instances. */
  useDatabase(db: Db | null) {
    this.db = db;
  }

  /** @internal now and then (1 take in 500), ended windows leave the table. */
  async sweep(db: Db) {
    if (++this.takes % 500 !== 0) return;
    await db.execute(sql`delete from rate_limit_counts where reset_at < now()`);
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

  /**
   * Counts one attempt and says whether it is within the limit — exactly, across instances
   * (docs/decisions/0003): on PostgreSQL one upsert per attempt (`n = n + 1 … returning n`,
   * the row lock orders concurrent attempts), in memory otherwise. A key known to be over its
   * limit is refused from memory, without a round trip, until its window ends.
   */
  async take(key: string): Promise<boolean> {
    const counted = this.takeStatement(key);
    if (typeof counted === 'boolean') return counted;
    const result = (await this.shared.db!.execute(counted.sql)) as unknown as { rows: Row[] };
    return counted.read(result.rows);
  }

  /**
   * take() as a statement, for a caller that sends it with others (the send runner, decision
   * 0049); a boolean when memory decides (no database, or a key already over its limit). With
   * `verdict`, the statement also leaves 'over' or 'within' in that session setting, for a later
   * statement of the same write to raise on (decision 0053).
   */
  takeStatement(key: string, verdict?: string): Statement<boolean> | boolean {
    const hashed = digest(key);
    const db = this.shared.db;
    if (!db) return super.hit(hashed);
    if (super.isLimited(hashed)) return false;
    const take = sql`
        insert into rate_limit_counts as c (name, key, n, reset_at)
        values (${this.name}::text, ${hashed}::text, 1, now() + make_interval(secs => ${this.windowMs / 1000}::float8))
        on conflict (name, key) do update set
          n = case when c.reset_at <= now() then 1 else c.n + 1 end,
          reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
        returning n, (extract(epoch from reset_at) * 1000)::float8 as reset_ms`;
    return {
      sql: verdict
        ? sql`with t as (${take})
              select n, reset_ms, set_config(${verdict}::text,
                                             case when n > ${this.limit}::int then 'over' else 'within' end, false)
              from t`
        : take,
      name: verdict ? 'rate_limit_take_verdict' : 'rate_limit_take',
      read: (rows) => {
        void this.shared.sweep(db).catch(() => undefined);
        const n = Number(rows[0]!.n);
        // Over the limit: refused from memory until the window ends (no round trip per refusal).
        if (n > this.limit) super.block(hashed, Number(rows[0]!.reset_ms));
        return n <= this.limit;
      },
    };
  }

  /**
   * Gives back an attempt counted by `take` (e.g. a sign-in that succeeded: only failures
   * count against the limit).
   */
  async giveBack(key: string): Promise<void> {
    const hashed = digest(key);
    const db = this.shared.db;
    if (!db) {
      super.unhit(hashed);
      return;
    }
    super.reset(hashed);
    await db.execute(
      sql`update rate_limit_counts set n = n - 1 where name = ${this.name} and key = ${hashed} and n > 0`,
    );
  }

  /** @internal a hit heard from another instance. */
  countHashed(hashedKey: string) {
    super.hit(hashedKey);
  }
}
