import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { MemberBalances } from '@ovation/shared/schemas/balances';
import type { Db } from '../../db/db.ts';
import type { Statement } from '../../db/statement.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';
import { preparedPerDb } from '../../db/prepared.ts';

export const MEMBER_ACCOUNT_KINDS = ['points', 'plays', 'team_budget'] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];
/** `payouts`: leavers' points paid out through payroll (decision 0111). */
export const SYSTEM_ACCOUNT_KINDS = ['issuance', 'redemptions', 'game_prizes', 'plays_issuance', 'payouts'] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export interface MemberAccountKey {
  memberId: number;
  kind: MemberAccountKind;
}

const keyOf = (memberId: number, kind: string) => `${memberId}:${kind}`;

/**
 * The ids of members' accounts, creating missing ones (accounts are created lazily, on first
 * use). Returns a lookup by `${memberId}:${kind}`.
 */
export async function memberAccountIds(db: Db, keys: MemberAccountKey[]): Promise<Map<string, number>> {
  const memberIds = [...new Set(keys.map((k) => k.memberId))];
  const kinds = [...new Set(keys.map((k) => k.kind))];
  const found = new Map<string, number>();
  const read = async () => {
    const rows = await db
      .select({ id: ledgerAccounts.id, memberId: ledgerAccounts.memberId, kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(and(inArray(ledgerAccounts.memberId, memberIds), inArray(ledgerAccounts.kind, kinds)));
    for (const row of rows) found.set(keyOf(row.memberId!, row.kind), row.id);
  };
  await read();
  const missing = keys.filter((k) => !found.has(keyOf(k.memberId, k.kind)));
  if (missing.length > 0) {
    await db
      .insert(ledgerAccounts)
      .values(missing.map((k) => ({ memberId: k.memberId, kind: k.kind })))
      .onConflictDoNothing();
    await read();
  }
  return found;
}

export function accountKey(memberId: number, kind: MemberAccountKind): string {
  return keyOf(memberId, kind);
}

/** One member account id (created when missing). */
export async function memberAccountId(db: Db, memberId: number, kind: MemberAccountKind): Promise<number> {
  const ids = await memberAccountIds(db, [{ memberId, kind }]);
  return ids.get(keyOf(memberId, kind))!;
}

/** A system account's id (created when missing). */
export async function systemAccountId(db: Db, kind: SystemAccountKind): Promise<number> {
  const select = () =>
    db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(isNull(ledgerAccounts.memberId), eq(ledgerAccounts.kind, kind)))
      .limit(1);
  const [row] = await select();
  if (row) return row.id;
  await db.insert(ledgerAccounts).values({ kind, memberId: null }).onConflictDoNothing();
  const [created] = await select();
  return created!.id;
}

/** Creates every system account (seed and boot; idempotent). */
export async function ensureSystemAccounts(db: Db): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(SYSTEM_ACCOUNT_KINDS.map((kind) => ({ kind, memberId: null })))
    .onConflictDoNothing();
}

export type { MemberBalances };

/** `ledger_member_balances` and `ledger_post`'s "m" ({"p", "y", "g"}) as the API names them. */
export function balancesFromLedger(m: { p: unknown; y: unknown; g: unknown } | null | undefined): MemberBalances {
  return {
    awardsPointsAvailable: Number(m?.p ?? 0),
    awardsPointsAvailable1: Number(m?.y ?? 0),
    awardsPointsAvailableMng: Number(m?.g ?? 0),
  };
}

/** The same mapping in SQL, over a jsonb expression of that shape (a stored answer, decision 0052). */
export function balancesJson(m: SQL): SQL {
  return sql`(select jsonb_build_object('awardsPointsAvailable', (x.m->>'p')::bigint,
    'awardsPointsAvailable1', (x.m->>'y')::bigint, 'awardsPointsAvailableMng', (x.m->>'g')::bigint)
    from (select ${m} as m) x)`;
}

/** readMemberBalances as a statement the send runner sends with the work's others (decision 0049). */
export function memberBalancesStatement(memberId: number): Statement<MemberBalances> {
  return {
    sql: sql`select ledger_member_balances(${memberId}::int) as m`,
    name: 'member_balances',
    read: (rows) => balancesFromLedger(rows[0]?.m as { p: unknown; y: unknown; g: unknown }),
    json: balancesJson(sql`ledger_member_balances(${memberId}::int)`),
  };
}

/** A member's three balances in one query (0 for an account not created yet). */
export async function readMemberBalances(db: Db, memberId: number): Promise<MemberBalances> {
  const [row] = await db
    .select({
      points: sql<string>`coalesce(sum(${ledgerAccounts.balance}) filter (where ${ledgerAccounts.kind} = 'points'), 0)`,
      plays: sql<string>`coalesce(sum(${ledgerAccounts.balance}) filter (where ${ledgerAccounts.kind} = 'plays'), 0)`,
      budget: sql<string>`coalesce(sum(${ledgerAccounts.balance}) filter (where ${ledgerAccounts.kind} = 'team_budget'), 0)`,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId));
  return {
    awardsPointsAvailable: Number(row?.points ?? 0),
    awardsPointsAvailable1: Number(row?.plays ?? 0),
    awardsPointsAvailableMng: Number(row?.budget ?? 0),
  };
}

const pointsBalancesQuery = preparedPerDb((db) =>
  db
    .select({ memberId: ledgerAccounts.memberId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        sql`${ledgerAccounts.memberId} = any(${sql.placeholder('memberIds')}::int[])`,
        eq(ledgerAccounts.kind, 'points'),
      ),
    )
    .prepare('read_points_balances'),
);

/**
 * Members' personal points balances (awardsPointsAvailable) by member id, in one prepared
 * statement on the (member, kind) index; a member without a points account is left out (0).
 */
export async function readPointsBalances(db: Db, memberIds: number[]): Promise<Map<number, number>> {
  const rows = await pointsBalancesQuery(db).execute({ memberIds });
  return new Map(rows.map((row) => [row.memberId!, Number(row.balance)]));
}
