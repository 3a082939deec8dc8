import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { memberAccountId, systemAccountId } from '../../src/core/ledger/accounts.repository.ts';
import { transferMany, type TransferSpec } from '../../src/core/ledger/transfer.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember } from '../support/factories.ts';

/**
 * ledger_post queues the dashboard's point figures itself, from the kinds it holds (migration
 * 0025); the entries' statement trigger does it only for entries written any other way. Both must
 * classify alike: here every kind of posting goes through ledger_post, and what it queued is
 * compared with the trigger's own classification of the same entries.
 */
const ctx = setupApp();

type Row = { day: string; figure: string; shard: number; amount: number };
const sorted = (rows: Row[]) =>
  rows
    .map((r) => ({ ...r, amount: Number(r.amount) }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('ledger_post: the dashboard roll-up it queues', () => {
  it('matches the trigger’s figures for issuance, sends, redemptions, refunds, prizes and reversals', async () => {
    const [a, b, manager] = [await createMember(ctx.app), await createMember(ctx.app), await createMember(ctx.app)];
    const m = (memberId: number, kind: 'points' | 'team_budget' | 'plays' = 'points') => ({
      member: { memberId, kind },
    });
    const specs: TransferSpec[] = [
      {
        kind: 'upload',
        legs: [
          { system: 'issuance', amount: -500 },
          { ...m(a.id), amount: 500 },
        ],
      },
      {
        kind: 'issuance',
        legs: [
          { system: 'issuance', amount: -900 },
          { ...m(manager.id, 'team_budget'), amount: 900 },
        ],
      },
      {
        kind: 'game_pool_funding',
        legs: [
          { system: 'issuance', amount: -300 },
          { system: 'game_prizes', amount: 300 },
        ],
      },
    ];
    const db = ctx.app.db;
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`delete from report_point_pending`);
      await transferMany(tx, specs);
      const aPoints = await memberAccountId(tx, a.id, 'points');
      const redemptions = await systemAccountId(tx, 'redemptions');
      // A second call of several transactions, one leg named by account id.
      const sends: TransferSpec[] = [
        {
          kind: 'recognition',
          legs: [
            { ...m(manager.id, 'team_budget'), amount: -200 },
            { ...m(b.id), amount: 100 },
            { ...m(a.id), amount: 100 },
          ],
        },
        {
          kind: 'payitforward',
          legs: [
            { accountId: aPoints, amount: -40 },
            { ...m(b.id), amount: 40 },
          ],
        },
        {
          kind: 'redemption',
          legs: [
            { ...m(a.id), amount: -120 },
            { accountId: redemptions, amount: 120 },
          ],
        },
        {
          kind: 'redemption_refund',
          legs: [
            { accountId: redemptions, amount: -20 },
            { ...m(a.id), amount: 20 },
          ],
        },
        {
          kind: 'game_prize',
          legs: [
            { system: 'game_prizes', amount: -25 },
            { ...m(b.id), amount: 25 },
          ],
        },
        {
          kind: 'upload_reversal',
          legs: [
            { ...m(a.id), amount: -50 },
            { system: 'issuance', amount: 50 },
          ],
        },
        {
          kind: 'plays_earned',
          legs: [
            { system: 'plays_issuance', amount: -1 },
            { ...m(b.id, 'plays'), amount: 1 },
          ],
        },
      ];
      await transferMany(tx, sends);
      const queued = await queryRows<Row>(
        tx,
        sql`select day::text, figure, shard::int, sum(amount)::int as amount from report_point_pending group by 1, 2, 3`,
      );
      // The trigger's classification (migrations 0022, 0025) of this transaction's entries.
      const classified = await queryRows<Row>(
        tx,
        sql`select x.day::text, x.figure, x.shard, sum(report_point_signed(x.figure, x.amount))::int as amount
            from (select (e.created_at at time zone 'UTC')::date as day,
                         report_point_figure(a.kind, a.member_id, t.kind, e.amount) as figure,
                         (e.account_id % 8)::int as shard, e.amount
                  from ledger_entries e join ledger_accounts a on a.id = e.account_id
                  join ledger_transactions t on t.id = e.transaction_id
                  where e.created_at = now()) x
            where x.figure is not null group by 1, 2, 3`,
      );
      return { queued, classified };
    });
    expect(sorted(rows.queued)).toEqual(sorted(rows.classified));
    // Every figure is there: issued net of the reversal, given, redeemed net of the refund, won.
    const total = (figure: string) =>
      rows.queued.filter((r) => r.figure === figure).reduce((s, r) => s + Number(r.amount), 0);
    expect([total('issued'), total('given'), total('redeemed'), total('won')]).toEqual([1650, 240, 100, 25]);
  });
});
