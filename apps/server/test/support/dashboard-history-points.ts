import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/sql-rows.ts';
import { memberAccountId, systemAccountId } from '../../src/core/ledger/accounts.repository.ts';

/** One balanced ledger transaction at a chosen instant, written as the history would hold it. */
async function post(app: FastifyInstance, kind: string, at: string, legs: { account: number; amount: number }[]) {
  await app.db.transaction(async (tx) => {
    const [t] = await queryRows<{ id: number }>(
      tx,
      sql`insert into ledger_transactions (kind, memo, created_at) values (${kind}, 'Seeded', ${at}::timestamptz) returning id`,
    );
    for (const leg of legs) {
      await tx.execute(
        sql`insert into ledger_entries (transaction_id, account_id, amount, created_at)
          values (${t!.id}, ${leg.account}, ${leg.amount}, ${at}::timestamptz)`,
      );
    }
  });
}

/**
 * The history's points over the last 400 days, for `memberIds`' point accounts: issuance,
 * recognitions, Pay It Forwards, redemptions and game prizes, then refunds and upload reversals.
 */
export async function writePointHistory(
  app: FastifyInstance,
  rand: (n: number) => number,
  dayOffset: (n: number) => string,
  memberIds: number[],
) {
  const issuance = await systemAccountId(app.db, 'issuance');
  const redemptions = await systemAccountId(app.db, 'redemptions');
  const prizes = await systemAccountId(app.db, 'game_prizes');
  const accounts = [];
  for (const id of memberIds) accounts.push(await memberAccountId(app.db, id, 'points'));
  for (let i = 0; i < 60; i++) {
    const at = `${dayOffset(-rand(400))}T${10 + rand(12)}:00:00Z`;
    const a = accounts[rand(accounts.length)]!;
    const b = accounts[rand(accounts.length)]!;
    const amount = 5 + rand(50);
    switch (i % 5) {
      case 0:
        await post(app, 'issuance', at, [
          { account: issuance, amount: -amount },
          { account: a, amount },
        ]);
        break;
      case 1:
        await post(app, 'recognition', at, [
          { account: issuance, amount: -amount },
          { account: a, amount },
        ]);
        break;
      case 2:
        await post(app, 'payitforward', at, [
          { account: a, amount: -amount },
          { account: b, amount },
        ]);
        break;
      case 3:
        await post(app, 'redemption', at, [
          { account: a, amount: -amount },
          { account: redemptions, amount },
        ]);
        break;
      default:
        await post(app, 'game_prize', at, [
          { account: prizes, amount: -amount },
          { account: a, amount },
        ]);
    }
  }
  // Refunds and upload reversals take points back out of "Redeemed" and "Issued" (decision 0084).
  for (let i = 0; i < 8; i++) {
    const at = `${dayOffset(-rand(400))}T${10 + rand(12)}:00:00Z`;
    const a = accounts[rand(accounts.length)]!;
    const amount = 1 + rand(5);
    if (i % 2 === 0) {
      await post(app, 'redemption_refund', at, [
        { account: redemptions, amount: -amount },
        { account: a, amount },
      ]);
    } else {
      await post(app, 'upload_reversal', at, [
        { account: a, amount: -amount },
        { account: issuance, amount },
      ]);
    }
  }
}
