import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { memberPreferences } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { UnsubscribeList } from '../mail/unsubscribe-token.ts';

export type PreferencesRow = typeof memberPreferences.$inferSelect;
export type PreferencesValues = Omit<PreferencesRow, 'memberId' | 'updatedAt'>;

/**
 * SQL: whether the member (an id expression such as sql`m.id`) hides their birthday and work
 * anniversary — their own choice, else the firm's `hideCelebrationsByDefault`, else no.
 */
export const celebrationsHidden = (memberId: SQL) =>
  sql`coalesce((select p.hide_celebrations from member_preferences p where p.member_id = ${memberId}),
    (select (s.value)::boolean from settings s where s.key = 'hideCelebrationsByDefault'), false)`;

export const DEFAULT_PREFERENCES: PreferencesValues = {
  emailRecognised: true,
  emailHigh5: true,
  emailPoints: true,
  emailReaction: true,
  weeklyDigest: true,
  hideCelebrations: null,
};

export async function findPreferences(db: Db, memberId: number): Promise<PreferencesValues> {
  const [row] = await db.select().from(memberPreferences).where(eq(memberPreferences.memberId, memberId)).limit(1);
  if (!row) return DEFAULT_PREFERENCES;
  const { memberId: _m, updatedAt: _u, ...values } = row;
  return values;
}

export async function savePreferences(db: Db, memberId: number, values: PreferencesValues) {
  await db
    .insert(memberPreferences)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: memberPreferences.memberId, set: { ...values, updatedAt: new Date() } });
}

const EMAIL_COLUMN = {
  recognised: memberPreferences.emailRecognised,
  high5: memberPreferences.emailHigh5,
  points: memberPreferences.emailPoints,
  reaction: memberPreferences.emailReaction,
} as const;

/**
 * Which of these members turned e-mail for this kind off. Kudos sends read the flags with the
 * recipients instead (decision 0029); a reaction, told outside a send, asks here.
 */
export async function findEmailOptOuts(db: Db, memberIds: number[], kind: keyof typeof EMAIL_COLUMN) {
  if (memberIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ memberId: memberPreferences.memberId })
    .from(memberPreferences)
    .where(and(inArray(memberPreferences.memberId, memberIds), eq(EMAIL_COLUMN[kind], false)));
  return new Set(rows.map((r) => r.memberId));
}

/** The column each unsubscribe list switches off (fixed names, never from input). */
const LIST_COLUMN: Record<UnsubscribeList, SQL> = {
  digest: sql.raw('weekly_digest'),
  recognised: sql.raw('email_recognised'),
  high5: sql.raw('email_high5'),
  points: sql.raw('email_points'),
  reaction: sql.raw('email_reaction'),
};

/** Turns one of the member's e-mails off (the rest stay as they were); answers whether it was on. */
export async function turnEmailOff(db: Db, memberId: number, list: UnsubscribeList): Promise<boolean> {
  const column = LIST_COLUMN[list];
  const rows = await queryRows<{ was_on: boolean }>(
    db,
    sql`insert into member_preferences (member_id, ${column}) values (${memberId}, false)
        on conflict (member_id) do update set ${column} = false, updated_at = now()
          where member_preferences.${column} is distinct from false
        returning true as was_on`,
  );
  return rows.length === 1;
}
