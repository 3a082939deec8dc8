import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, sessions } from '../../db/schema/index.ts';
import { preparedPerDb } from '../../lib/prepared.ts';

export async function insertSession(db: Db, memberId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(sessions).values({ memberId, tokenHash, expiresAt });
}

const liveSessionQuery = preparedPerDb((db) =>
  db
    .select({
      sessionId: sessions.id,
      memberId: sessions.memberId,
      roles: members.roles,
      isManager: members.isManager,
      isAdminReports: members.isAdminReports,
      country: members.country,
      unit: members.unit,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(members.active, true),
      ),
    )
    .limit(1)
    .prepare('find_live_session'),
);

/** The member behind a live session token hash (with what capabilities need), if any. */
export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await liveSessionQuery(db).execute({ tokenHash });
  return row;
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, memberId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}
