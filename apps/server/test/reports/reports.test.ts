import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries, members } from '../../src/db/schema/index.ts';
import { records, rowOf, setupReportsFirm } from '../support/reports-firm.ts';

/**
 * Report queries on data with known answers (issue 12): a small firm (reports-firm.ts), real
 * sends through the API, and figures that must match the ledger. Here the ledger and kudos
 * reports; member reports: reports-members.test.ts; daily check-ins: reports-daily-checkin.test.ts;
 * the dashboard: reports-dashboard.test.ts; exports: reports-exports.test.ts.
 */
const firm = setupReportsFirm();
const { ctx, ids, query } = firm;

describe('member and manager balances match the ledger', () => {
  it('shows each member’s points and plays earned, spent and balance', async () => {
    const t = await query('reportmemberbalances', { pageSize: 200 });
    expect(rowOf(t, 'member', 'Ann Able')).toMatchObject({
      pointsEarned: 250,
      pointsSpent: 30,
      pointsBalance: 220,
      playsEarned: 1,
      playsBalance: 1,
      division1: 'Assurance R',
      division: 'External R',
    });
    expect(rowOf(t, 'member', 'Ben Baker')).toMatchObject({ pointsEarned: 50, pointsSpent: 0, pointsBalance: 50 });
    expect(rowOf(t, 'member', 'Cara Cole')).toMatchObject({ pointsEarned: 30, pointsBalance: 30, playsBalance: 0 });

    const [ledger] = await ctx.app.db
      .select({ points: sql<string>`sum(${ledgerAccounts.balance})` })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'points'), isNotNull(ledgerAccounts.memberId)));
    expect(t.totals?.pointsBalance).toBe(Number(ledger!.points));
    expect(t.totals?.pointsBalance).toBe(300);
    expect(t.totals?.pointsEarned).toBe(330);
    expect(t.totals?.pointsSpent).toBe(30);
    expect(t.total).toBe((await ctx.app.db.select({ n: sql<number>`count(*)` }).from(members))[0]!.n * 1);
  });

  it('filters by division at any level and by country', async () => {
    const byTop = await query('reportmemberbalances', { filters: { division1: ids.d1 } });
    expect(
      records(byTop)
        .map((r) => r.member)
        .sort(),
    ).toEqual(['Ann Able', 'Ben Baker', 'Mona Manager']);
    const byTeam = await query('reportmemberbalances', { filters: { division3: ids.t2 } });
    expect(records(byTeam).map((r) => r.member)).toEqual(['Ben Baker']);
    const kenya = await query('reportmemberbalances', { filters: { country: 'kenya' } });
    expect(records(kenya).map((r) => r.member)).toEqual(['Kofi Kenya']);
    const search = await query('reportmemberbalances', { filters: { search: 'baker' } });
    expect(search.total).toBe(1);
  });

  it('shows managers’ budgets: allocated, spent, remaining, recognitions and team reached', async () => {
    const t = await query('reportmanagement', { filters: { division1: ids.d1 } });
    expect(records(t)).toEqual([
      expect.objectContaining({
        member: 'Mona Manager',
        teamSize: 2,
        allocated: 1000,
        spent: 100,
        remaining: 900,
        recognitionsSent: 2,
        membersReached: 2,
        reachedShare: 100,
      }),
    ]);
  });

  it('lists every ledger entry; the entries of the whole ledger sum to zero', async () => {
    const t = await query('reporttransactions', { pageSize: 200 });
    const [count] = await ctx.app.db.select({ n: sql<number>`count(*)` }).from(ledgerEntries);
    expect(t.total).toBe(Number(count!.n));
    expect(t.totals?.amount).toBe(0);
    const pif = records(t).filter((r) => r.kind === 'payitforward');
    expect(pif.map((r) => [r.accountHolder, r.amount]).sort()).toEqual([
      ['Ann Able', -30],
      ['Cara Cole', 30],
    ]);
    expect(pif[0]!.reference).toMatch(/^T\d{7}$/);
    const teamOnly = await query('reporttransactions', { filters: { division3: ids.t2 } });
    expect(records(teamOnly).every((r) => r.accountHolder === 'Ben Baker')).toBe(true);
    expect(
      records(teamOnly)
        .map((r) => [r.kind, r.account, r.amount])
        .sort(),
    ).toEqual([
      ['plays_earned', 'plays', 1],
      ['recognition', 'points', 50],
    ]);
  });
});

describe('kudos reports', () => {
  it('lists recognitions and High Fives with behaviour, points and reactions; sorts and pages', async () => {
    const t = await query('reportsimplysay', { sort: { column: 'to', direction: 'asc' } });
    expect(t.total).toBe(3);
    expect(t.totals).toEqual({ points: 100, reactions: 0 });
    expect(records(t).map((r) => [r.to, r.label, r.points])).toEqual([
      ['Ann Able', 'Teamwork R', 50],
      ['Ben Baker', 'Teamwork R', 50],
      ['Cara Cole', 'High Five', 0],
    ]);
    const page2 = await query('reportsimplysay', { page: 2, pageSize: 2, sort: { column: 'to', direction: 'desc' } });
    expect(page2.total).toBe(3);
    expect(records(page2).map((r) => r.to)).toEqual(['Ann Able']);
    const found = await query('reportsimplysay', { filters: { search: 'WELL DONE' } });
    expect(records(found).map((r) => r.from)).toEqual(['Ben Baker']);
    const percent = await query('reportsimplysay', { filters: { search: '%' } });
    expect(percent.total).toBe(0);
    const past = await query('reportsimplysay', { filters: { from: '2020-01-01', to: '2020-01-31' } });
    expect(past.total).toBe(0);
  });

  it('lists Pay It Forwards; a division matches the sender or the recipient', async () => {
    const t = await query('reportpayitforward');
    expect(records(t)).toEqual([
      expect.objectContaining({ from: 'Ann Able', to: 'Cara Cole', points: 30, message: 'Coffee' }),
    ]);
    expect((await query('reportpayitforward', { filters: { division1: ids.d1 } })).total).toBe(1);
    expect((await query('reportpayitforward', { filters: { division1: ids.o1 } })).total).toBe(1);
    expect((await query('reportpayitforward', { filters: { division3: ids.t2 } })).total).toBe(0);
    expect((await query('reportpayitforward', { filters: { country: 'Kenya' } })).total).toBe(0);
  });
});
