import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { Row, Statement } from '../../db/statement.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { ledgerAccounts, type gameDraws } from '../../db/schema/index.ts';

const pool = and(isNull(ledgerAccounts.memberId), eq(ledgerAccounts.kind, 'game_prizes'));

/** The prize pool's balance (0 before it is ever funded). */
export async function readPrizePool(db: Db): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(pool);
  return Number(row?.balance ?? 0);
}

/**
 * Locks the prize pool's row for the rest of the transaction and reads its balance, so that the
 * draw and the payout see the same pool (concurrent plays queue here). Creates the account when
 * missing.
 */
export async function lockPrizePool(tx: Db): Promise<number> {
  const statement = prizePoolLockStatement();
  const lock = async () => statement.read(await queryRows<Row>(tx, statement.sql));
  let balance = await lock();
  if (balance === null) {
    await tx.insert(ledgerAccounts).values({ kind: 'game_prizes', memberId: null }).onConflictDoNothing();
    balance = await lock();
  }
  return balance!;
}

/**
 * The pool's lock as a statement, for the play's first write (decision 0060): the pool's balance,
 * locked, or null when the account does not exist yet (the play then calls lockPrizePool).
 */
export function prizePoolLockStatement(): Statement<number | null> {
  return {
    sql: sql`select balance from ledger_accounts where member_id is null and kind = 'game_prizes' for update`,
    name: 'game_pool_lock',
    read: (rows) => (rows[0] ? Number(rows[0].balance) : null),
  };
}

export type NewDraw = typeof gameDraws.$inferInsert;

/**
 * The draw's audit row, sent with the play's posting (decision 0049): the play is the first
 * transaction of that ledger call, the prize (when worth something) the second. Reads the draw's
 * id; a later statement of the transaction reads it as `json` (the stored answer, decision 0052).
 */
export function drawStatement(
  draw: Omit<NewDraw, 'playTransactionId' | 'prizeTransactionId'>,
  prized: boolean,
): Statement<number> {
  return {
    sql: sql`
      with d as (
        insert into game_draws (member_id, cap, random_value, random_range, table_version, pool_before,
                                prize_label, prize_points, play_transaction_id, prize_transaction_id)
        values (${draw.memberId}::int, ${draw.cap}::int, ${draw.randomValue}::bigint, ${draw.randomRange}::bigint,
                ${draw.tableVersion}::int, ${draw.poolBefore}::bigint, ${draw.prizeLabel}::text, ${draw.prizePoints}::int,
                (ledger_posted_ids())[1], case when ${prized}::boolean then (ledger_posted_ids())[2] end)
        returning id)
      select id, set_config('ovation.game_draw', id::text, true) from d`,
    name: 'game_draw_insert',
    readsPosting: true,
    read: (rows) => Number(rows[0]!.id),
    json: sql`to_jsonb(current_setting('ovation.game_draw')::bigint)`,
  };
}
