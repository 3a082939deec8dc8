import type { SessionsChange } from '../live/instance-notices.ts';
import type { LiveSession } from './session.repository.ts';

/**
 * A short per-instance cache of live sessions by token hash (SESSION_CACHE_SECONDS; 0 turns
 * it off), so a signed-in request does not pay a database round trip each time
 * (docs/decisions/0032). Revocation: the instance that revokes forgets at once (after its
 * transaction commits); the others are told by a NOTIFY queued in that transaction, which
 * PostgreSQL delivers at commit. A lookup that began before a forget is not kept, so a read
 * racing a revocation cannot put the revoked session back. Unknown tokens are never cached, and
 * an entry past its session's expiry or idle timeout is never served.
 */
export class SessionCache {
  private readonly byToken = new Map<string, { at: number; session: LiveSession }>();
  /** Moves on with every forget: lookups that began before it are not kept. */
  private epoch = 0;
  private readonly forgetListeners = new Set<(change: SessionsChange) => void>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 50_000,
    /** The idle timeout: an entry unused this long is never served (the database decides). */
    private readonly idleMs = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.byToken.size;
  }

  async get(tokenHash: string, load: () => Promise<LiveSession | undefined>): Promise<LiveSession | undefined> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.byToken.get(tokenHash);
    if (hit && now - hit.at < this.ttlMs && this.usable(hit.session, now)) return hit.session;
    if (hit) this.byToken.delete(tokenHash);
    const epoch = this.epoch;
    const session = await load();
    if (session && epoch === this.epoch) {
      this.byToken.set(tokenHash, { at: now, session });
      if (this.byToken.size > this.maxEntries) {
        const oldest = this.byToken.keys().next();
        if (!oldest.done) this.byToken.delete(oldest.value);
      }
    }
    return session;
  }

  /**
   * Hears every change this cache forgets (this instance's revocations after their commit, and
   * other instances' through their notices), e.g. to end the live streams of revoked sessions.
   */
  onForget(listener: (change: SessionsChange) => void): () => void {
    this.forgetListeners.add(listener);
    return () => this.forgetListeners.delete(listener);
  }

  /** Neither expired nor idle past the idle timeout (a cached copy must not outlive either). */
  private usable(session: LiveSession, now: number): boolean {
    return session.expiresAt.getTime() > now && session.lastUsedAt.getTime() + this.idleMs > now;
  }

  /** Drops the sessions a change names (revoked, or their member changed). */
  forget(change: SessionsChange): void {
    this.epoch += 1;
    for (const listener of this.forgetListeners) listener(change);
    if (change.all) {
      this.byToken.clear();
      return;
    }
    const sessionIds = new Set(change.sessionIds ?? []);
    const memberIds = new Set(change.memberIds ?? []);
    for (const [token, { session }] of this.byToken) {
      if (sessionIds.has(session.sessionId) || memberIds.has(session.memberId)) this.byToken.delete(token);
    }
  }
}
