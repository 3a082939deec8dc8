import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { memberPreferences } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { EMAIL_PREFERENCE_KINDS, type EmailPreferenceKind } from '@ovation/shared/schemas/notifications';
import type { UnsubscribeList } from '../mail/unsubscribe-token.ts';

export type PreferencesRow = typeof memberPreferences.$inferSelect;
export type PreferencesValues = Omit<PreferencesRow, 'memberId' | 'updatedAt'>;

/** The member_preferences field that holds each e-mail preference. */
export const EMAIL_PREFERENCE_FIELD = {
  recognised: 'emailRecognised',
  high5: 'emailHigh5',
  points: 'emailPoints',
  reaction: 'emailReaction',
} as const satisfies Record<EmailPreferenceKind, keyof PreferencesValues>;
type EmailPreferenceFields = Pick<PreferencesValues, (typeof EMAIL_PREFERENCE_FIELD)[EmailPreferenceKind]>;

/** The member's e-mail preferences by kind, as the API names them. */
export const emailPreferencesOf = (values: PreferencesValues) =>
  Object.fromEntries(EMAIL_PREFERENCE_KINDS.map((kind) => [kind, values[EMAIL_PREFERENCE_FIELD[kind]]])) as Record<
    EmailPreferenceKind,
    boolean
  >;

/** E-mail preferences by kind as the member_preferences fields that store them. */
export const emailPreferenceFields = (email: Record<EmailPreferenceKind, boolean>) =>
  Object.fromEntries(
    EMAIL_PREFERENCE_KINDS.map((kind) => [EMAIL_PREFERENCE_FIELD[kind], email[kind]]),
  ) as EmailPreferenceFields;

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

/**
 * Which of these members turned e-mail for this kind off. Kudos sends read the flags with the
 * recipients instead (decision 0029); a reaction, told outside a send, asks here.
 */
export async function findEmailOptOuts(db: Db, memberIds: number[], kind: EmailPreferenceKind) {
  if (memberIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ memberId: memberPreferences.memberId })
    .from(memberPreferences)
    .where(
      and(inArray(memberPreferences.memberId, memberIds), eq(memberPreferences[EMAIL_PREFERENCE_FIELD[kind]], false)),
    );
  return new Set(rows.map((r) => r.memberId));
}

/** The column each unsubscribe list switches off (fixed names, never from input). */
const columnOf = (list: UnsubscribeList): SQL =>
  sql.raw(memberPreferences[list === 'digest' ? 'weeklyDigest' : EMAIL_PREFERENCE_FIELD[list]].name);

/** Turns one of the member's e-mails off (the rest stay as they were); answers whether it was on. */
export async function turnEmailOff(db: Db, memberId: number, list: UnsubscribeList): Promise<boolean> {
  const column = columnOf(list);
  const rows = await queryRows<{ was_on: boolean }>(
    db,
    sql`insert into member_preferences (member_id, ${column}) values (${memberId}, false)
        on conflict (member_id) do update set ${column} = false, updated_at = now()
          where member_preferences.${column} is distinct from false
        returning true as was_on`,
  );
  return rows.length === 1;
}
