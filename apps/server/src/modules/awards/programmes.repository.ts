import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { awardProgrammes } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { Statement } from '../../db/statement.ts';
import { refusedAs } from '../../core/sends/send-limits.ts';

export type ProgrammeRow = typeof awardProgrammes.$inferSelect;
export type NewProgramme = typeof awardProgrammes.$inferInsert;

/** A programme's two ledger accounts: its budget and what its pending nominations hold. */
export const budgetKind = (programmeId: number) => `award_budget:${programmeId}`;
export const heldKind = (programmeId: number) => `award_held:${programmeId}`;

export interface ProgrammeAccounts {
  budgetAccountId: number;
  heldAccountId: number;
  available: number;
  held: number;
}

export interface Programme extends ProgrammeRow {
  accounts: ProgrammeAccounts;
}

/** A programme and its accounts, made together (in the caller's transaction). */
export async function insertProgramme(tx: Db, values: NewProgramme): Promise<number> {
  const [row] = await tx.insert(awardProgrammes).values(values).returning({ id: awardProgrammes.id });
  const id = row!.id;
  await tx.execute(
    sql`insert into ledger_accounts (kind, member_id) values (${budgetKind(id)}, null), (${heldKind(id)}, null)`,
  );
  return id;
}

export async function updateProgramme(tx: Db, id: number, values: Partial<NewProgramme>, expected?: Date) {
  const rows = await tx
    .update(awardProgrammes)
    .set({ ...values, updatedAt: new Date() })
    .where(
      expected
        ? sql`${awardProgrammes.id} = ${id} and date_trunc('milliseconds', ${awardProgrammes.updatedAt}) = ${expected.toISOString()}::timestamptz`
        : eq(awardProgrammes.id, id),
    )
    .returning({ id: awardProgrammes.id });
  return rows.length === 1;
}

const withAccounts = sql`
  select p.*, b.id as budget_account_id, b.balance as budget_balance, h.id as held_account_id, h.balance as held_balance
  from award_programmes p
  join ledger_accounts b on b.member_id is null and b.kind = 'award_budget:' || p.id
  join ledger_accounts h on h.member_id is null and h.kind = 'award_held:' || p.id`;

type Raw = Record<string, unknown>;
const programmeOf = (r: Raw): Programme => ({
  id: Number(r.id),
  name: String(r.name),
  description: String(r.description),
  behaviourIds: (r.behaviour_ids as number[]).map(Number),
  eligibility: r.eligibility as Programme['eligibility'],
  levels: r.levels as Programme['levels'],
  approval: r.approval as Programme['approval'],
  opensOn: String(r.opens_on).slice(0, 10),
  closesOn: String(r.closes_on).slice(0, 10),
  reasonMinLength: Number(r.reason_min_length),
  reciprocalDays: Number(r.reciprocal_days),
  serviceHours: Number(r.service_hours),
  createdBy: r.created_by == null ? null : Number(r.created_by),
  createdAt: new Date(String(r.created_at)),
  updatedAt: new Date(String(r.updated_at)),
  archivedAt: r.archived_at == null ? null : new Date(String(r.archived_at)),
  accounts: {
    budgetAccountId: Number(r.budget_account_id),
    heldAccountId: Number(r.held_account_id),
    available: Number(r.budget_balance),
    held: Number(r.held_balance),
  },
});

export async function findProgramme(db: Db, id: number): Promise<Programme | undefined> {
  const [row] = await queryRows<Raw>(db, sql`${withAccounts} where p.id = ${id}`);
  return row ? programmeOf(row) : undefined;
}

/** Every programme, newest first; archived ones only when asked. */
export async function listProgrammes(db: Db, options: { archived: boolean }): Promise<Programme[]> {
  const rows = await queryRows<Raw>(
    db,
    sql`${withAccounts} ${options.archived ? sql`` : sql`where p.archived_at is null`} order by p.id desc`,
  );
  return rows.map(programmeOf);
}

export async function findProgrammeNames(db: Db) {
  return db
    .select({ id: awardProgrammes.id, name: awardProgrammes.name })
    .from(awardProgrammes)
    .orderBy(desc(awardProgrammes.id));
}

/**
 * Locks the programme's budget for the rest of the transaction and refuses (raised in the
 * database, decision 0053) when it holds less than `points`: nominations queue here, so a
 * programme is never committed past its budget (the account's CHECK is the backstop).
 */
export function budgetGuardStatement(
  budgetAccountId: number,
  points: number,
  refusal: (available: number) => unknown,
): Statement {
  return {
    sql: sql`select send_refuse(balance < ${points}::bigint, balance::text)
             from ledger_accounts where id = ${budgetAccountId}::bigint for update`,
    name: 'award_budget_guard',
    read: () => undefined,
    fail: refusedAs((detail) => refusal(Number(detail))),
  };
}
