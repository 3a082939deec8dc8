import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { members, sessions } from '../../db/schema/index.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { noticeSessionsChangedAtCommit } from '../live/instance-notices.ts';

export async function insertSession(db: Db, memberId: number, tokenHash: string, expiresAt: Date) {
  const [row] = await db.insert(sessions).values({ memberId, tokenHash, expiresAt }).returning({ id: sessions.id });
  return row!.id;
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
      cellNum: members.cellNum,
      email: members.email,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        sql`${sessions.lastUsedAt} > ${sql.placeholder('idleSince')}::timestamptz`,
        eq(members.active, true),
      ),
    )
    .limit(1)
    .prepare('find_live_session'),
);

/**
 * The member behind a live session token hash (with what capabilities need), if any: not
 * revoked, not expired, and used after `idleSince` (the idle timeout, docs/decisions/0040).
 */
export async function findLiveSession(db: Db, tokenHash: string, idleSince: Date): Promise<LiveSession | undefined> {
  const [row] = await liveSessionQuery(db).execute({ tokenHash, idleSince: idleSince.toISOString() });
  if (!row) return undefined;
  // PGlite may hand the timestamp back as a string through a prepared statement.
  return { ...row, expiresAt: new Date(row.expiresAt), lastUsedAt: new Date(row.lastUsedAt) };
}

/** Records a session's use (the auth plugin calls it at most once a minute per session). */
export async function touchSession(db: Db, sessionId: number, at: Date) {
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, sessionId));
}

/** Records many sessions' use in one statement; a later use already written is kept. */
export async function touchSessions(db: Db, uses: { id: number; at: Date }[]) {
  if (uses.length === 0) return;
  await db.execute(sql`
    update sessions s set last_used_at = greatest(s.last_used_at, u.at)
    from jsonb_to_recordset(${JSON.stringify(uses)}::jsonb) as u(id bigint, at timestamptz)
    where s.id = u.id`);
}

export interface LiveSession {
  sessionId: number;
  memberId: number;
  roles: string;
  isManager: boolean;
  isAdminReports: boolean;
  country: string;
  unit: string;
  cellNum: string | null;
  email: string | null;
  expiresAt: Date;
  lastUsedAt: Date;
}

/**
 * Revocations also tell every instance's session cache when the transaction commits; the
 * caller forgets on its own instance after the commit (SessionCache.forget).
 */
export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  await noticeSessionsChangedAtCommit(db, { sessionIds: [sessionId] });
}

export async function revokeAllSessions(db: Db, memberId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
  await noticeSessionsChangedAtCommit(db, { memberIds: [memberId] });
}

/**
 * Revokes every live session of the member except `keepSessionId` (the one changing the
 * password). Every instance forgets the member's cached sessions (the kept one is read again).
 */
export async function revokeOtherSessions(db: Db, memberId: number, keepSessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
  await noticeSessionsChangedAtCommit(db, { memberIds: [memberId] });
}
