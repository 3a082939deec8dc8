import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameDraws, ledgerAccounts } from '../../db/schema/index.ts';

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
  const lock = () => tx.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(pool).for('update');
  let [row] = await lock();
  if (!row) {
    await tx.insert(ledgerAccounts).values({ kind: 'game_prizes', memberId: null }).onConflictDoNothing();
    [row] = await lock();
  }
  return Number(row!.balance);
}

export type NewDraw = typeof gameDraws.$inferInsert;

export async function insertDraw(tx: Db, draw: NewDraw): Promise<number> {
  const [row] = await tx.insert(gameDraws).values(draw).returning({ id: gameDraws.id });
  return row!.id;
}
