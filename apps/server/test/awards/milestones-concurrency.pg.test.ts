import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { runServiceMilestones } from '../../src/modules/milestones/milestone-job.ts';
import { createMember } from '../support/factories.ts';
import { setSetting } from '../support/ledger-factories.ts';
import { setupTwoInstances } from '../support/two-instances.ts';

/**
 * Real concurrency, so PostgreSQL only (PGlite runs one transaction at a time): the daily
 * milestone job run by two instances at once, each with its own pool, on one database.
 */
describe('service milestones under concurrency (PostgreSQL, two instances)', () => {
  const { a, b } = setupTwoInstances();

  it('two instances announcing and posting 60 milestones at once announce, tell and pay each once', async () => {
    await setSetting(
      a.app,
      'serviceAwards',
      {
        enabled: true,
        milestones: [{ years: 3, points: 300, form: 'points', giftName: '', giftValueRand: 0 }],
        randPerPoint: 0.1,
        noticeDays: 30,
      },
      [b.app],
    );
    const manager = await createMember(a.app, { isManager: true });
    // Three years on Wednesday 5 May 2027 for all of them.
    await Promise.all(
      Array.from({ length: 60 }, () => createMember(a.app, { managerId: manager.id, startDate: '2024-05-05' })),
    );
    const job = (app: typeof a.app, today: string) =>
      runServiceMilestones({ ...app.sendServices, log: app.log }, today);

    const announced = await Promise.all([job(a.app, '2027-04-20'), job(b.app, '2027-04-20'), job(a.app, '2027-04-20')]);
    expect(announced.reduce((n, r) => n + r.announced, 0)).toBe(60);
    const posted = await Promise.all([job(a.app, '2027-05-05'), job(b.app, '2027-05-05'), job(b.app, '2027-05-05')]);
    expect(posted.reduce((n, r) => n + r.posted, 0)).toBe(60);

    const [counts] = await queryRows<{ bells: number; mails: number; kudos: number; paid: number }>(
      a.app.db,
      sql`select
        (select count(*)::int from notifications where kind = 'milestone_upcoming' and member_id = ${manager.id}) as bells,
        (select count(*)::int from email_outbox where kind = 'milestone-upcoming' and to_address = ${manager.email}) as mails,
        (select count(*)::int from kudos where kind = 'award' and to_member_id in (select id from members where manager_id = ${manager.id})) as kudos,
        (select coalesce(sum(l.amount), 0)::int from ledger_entries l join ledger_accounts ac on ac.id = l.account_id
           where ac.kind = 'points' and ac.member_id in (select id from members where manager_id = ${manager.id})) as paid`,
    );
    expect(counts).toEqual({ bells: 60, mails: 60, kudos: 60, paid: 60 * 300 });
    expect((await verifyLedger(a.app.db)).findings).toEqual([]);
  });
});
