import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';

/** The PostgreSQL channel live events and instance notices travel on (LISTEN/NOTIFY). */
export const LIVE_CHANNEL = 'ovation_live';

/** Sessions that no instance may keep in its session cache any longer. */
export interface SessionsChange {
  sessionIds?: number[];
  memberIds?: number[];
  /** Every cached session (a change too wide to list: a members upload). */
  all?: boolean;
}

/** A rate limiter's hit: [limiter name, hashed key, limit, window in ms]. */
export type RateHit = [string, string, number, number];

/**
 * What app instances tell one another (never browsers): session changes for their session
 * caches, rate-limit hits for their shared limiters, and that the rewards catalogue or the
 * programme settings changed (sent by the database itself: src/db/sql/06-catalogue-notices.sql,
 * 10-settings-notices.sql). Carried on the live channel.
 * `missed` is this instance's own: its listener was down, so any of the others may have been lost.
 */
export type InstanceNotice =
  | { type: 'sessions'; change: SessionsChange }
  | { type: 'rate'; hits: RateHit[] }
  | { type: 'catalogue' }
  | { type: 'settings' }
  | { type: 'missed' };

/** Above this many ids a session change is sent as `all` (a NOTIFY payload holds < 8000 bytes). */
const MAX_IDS = 400;

/**
 * Queues a session change in the caller's transaction: PostgreSQL delivers it to every
 * instance, this one included, when the transaction commits, and never if it rolls back (on
 * PGlite, to the one process). The caller also forgets locally: the notice arrives a moment later.
 */
export async function noticeSessionsChangedAtCommit(db: Db, change: SessionsChange): Promise<void> {
  const ids = (change.sessionIds?.length ?? 0) + (change.memberIds?.length ?? 0);
  const notice: InstanceNotice = { type: 'sessions', change: ids > MAX_IDS ? { all: true } : change };
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ notice })})`);
}
