import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { credentials } from '../../src/db/schema/index.ts';
import { createMember } from '../support/factories.ts';
import { records, setupReportsFirm } from '../support/reports-firm.ts';

/** The member reports on the reports firm (reports-firm.ts): registrations, birthdays and the master data. */
const firm = setupReportsFirm();
const { ctx, ids, query } = firm;

describe('member reports', () => {
  it('counts registered members and the registration rate', async () => {
    const t = await query('reportregistrations', { filters: { division3: ids.t3 } });
    expect(records(t).map((r) => [r.member, r.registered])).toEqual([
      ['Cara Cole', 'Yes'],
      ['Kofi Kenya', 'Yes'],
      ['Una Unregistered', 'No'],
    ]);
    expect(records(t)[2]!.registeredAt).toBeNull();
    expect(records(t)[0]!.registeredAt).toBe(new Date().toISOString().slice(0, 10));
    expect(t.totals).toEqual({ members: 3, registeredCount: 2, notRegistered: 1, registrationRate: 66.7 });
    const all = await query('reportregistrations');
    const [registered] = await ctx.app.db.select({ n: sql<number>`count(*)` }).from(credentials);
    expect(all.totals?.registeredCount).toBe(Number(registered!.n));
  });

  it('lists birthdays and work anniversaries falling in the period', async () => {
    const m = await createMember(ctx.app, {
      firstName: 'Bea',
      surname: 'Birthday',
      employeeNumber: 'BDAY01',
      birthDate: '1990-03-15',
      startDate: '2020-03-20',
    });
    expect(m.id).toBeGreaterThan(0);
    const t = await query('reportbirthdays', { filters: { from: '2026-03-01', to: '2026-03-31', search: 'BDAY01' } });
    expect(records(t).map((r) => [r.date, r.occasion, r.years])).toEqual([
      ['2026-03-15', 'Birthday', null],
      ['2026-03-20', 'Work anniversary', 6],
    ]);
    expect(t.totals).toEqual({ birthdays: 1, anniversaries: 1 });
    const april = await query('reportbirthdays', {
      filters: { from: '2026-04-01', to: '2026-04-30', search: 'BDAY01' },
    });
    expect(april.total).toBe(0);
    const tooLong = await ctx.request({
      method: 'POST',
      url: '/api/reports/reportbirthdays/query',
      token: firm.adminToken,
      payload: { filters: { from: '2025-01-01', to: '2026-06-30' } },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('shows the member master data to report admins', async () => {
    const t = await query('reportmemberdatabase', { filters: { search: 'Mona' } });
    expect(records(t)[0]).toMatchObject({
      firstName: 'Mona',
      isManager: 'Yes',
      division1: 'Assurance R',
      registered: 'Yes',
    });
    expect(t.fields).not.toContain('fullName');
    // A full name finds the member as well as either part of it.
    const byName = await query('reportmemberdatabase', { filters: { search: 'mona manager' } });
    expect(records(byName).map((r) => r.firstName)).toEqual(['Mona']);
  });
});
