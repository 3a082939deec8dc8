import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { members, sessions } from '../../db/schema/index.ts';

/**
 * Which of these sessions are still live (not revoked, not expired, member active): the live
 * streams opened with the others are ended (live-streams.ts).
 */
export async function liveSessionIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        inArray(sessions.id, ids),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(members.active, true),
      ),
    );
  return new Set(rows.map((r) => Number(r.id)));
}
