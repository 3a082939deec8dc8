import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, sessions } from '../../db/schema/index.ts';

export async function insertSession(db: Db, memberId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(sessions).values({ memberId, tokenHash, expiresAt });
}

/** The member behind a live session token hash (with what capabilities need), if any. */
export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await db
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
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(members.active, true),
      ),
    )
    .limit(1);
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
