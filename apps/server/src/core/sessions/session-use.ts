import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { touchSession, touchSessions } from './session.repository.ts';

/**
 * Last use is written at most this often per session (and instance): not a write per request.
 * A shorter idle timeout records at least twice per timeout, so use never looks like idleness.
 */
export const SESSION_USE_RECORDED_EVERY_MS = 60_000;
/** Recorded uses wait at most this long, then go to the database together in one statement. */
export const SESSION_USE_FLUSH_MS = 10_000;

/**
 * The idle timeout's record of use (docs/decisions/0040), per instance. A session's use is
 * recorded when the last record is a minute old or more; those records are gathered and written
 * together every 10 s (one statement for all sessions), instead of one UPDATE round trip inside
 * the request — with 50,000 members signed in that was up to ~800 writes a second. A session
 * whose record is already half the idle timeout old is written at once and awaited, so no
 * instance can refuse a member as idle because a use was still waiting here.
 */
export class SessionUse {
  private pending = new Map<number, Date>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly idleMs: number,
    private readonly flushMs = SESSION_USE_FLUSH_MS,
  ) {}

  /** A use of `session` at `now`; updates `session.lastUsedAt` when it is recorded. */
  async record(session: { sessionId: number; lastUsedAt: Date }, now: number): Promise<void> {
    const since = now - session.lastUsedAt.getTime();
    if (since < Math.min(SESSION_USE_RECORDED_EVERY_MS, this.idleMs / 2)) return;
    session.lastUsedAt = new Date(now);
    if (since >= this.idleMs / 2) {
      this.pending.delete(session.sessionId);
      await touchSession(this.db, session.sessionId, session.lastUsedAt);
      return;
    }
    this.pending.set(session.sessionId, session.lastUsedAt);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref?.();
    }
  }

  /** Writes every use still waiting (the timer; shutdown; tests). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size > 0) {
      const uses = [...this.pending].map(([id, at]) => ({ id, at }));
      this.pending = new Map();
      // A use that cannot be written is only a later idle refusal at worst: logged, not retried.
      this.writing = this.writing
        .then(() => touchSessions(this.db, uses))
        .catch((error: unknown) => this.log.warn({ err: error, sessions: uses.length }, 'session use not recorded'));
    }
    return this.writing;
  }
}
