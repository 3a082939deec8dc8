import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/index.ts';
import { setupReportsFirm } from '../support/reports-firm.ts';

/** The dashboard on the reports firm (reports-firm.ts); its roll-ups against the scans: reports-dashboard-answers.test.ts. */
const firm = setupReportsFirm();
const { ctx } = firm;

describe('dashboard', () => {
  it('answers the period’s kinds, behaviours, participation, points and equity from the data', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await ctx.request({
      method: 'GET',
      url: `/api/reports/dashboard?from=${today}&to=${today}`,
      token: firm.adminToken,
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    const kinds = d.recognitionsByWeek.reduce(
      (s: Record<string, number>, w: Record<string, number>) => ({
        recognition: s.recognition! + w.recognition!,
        high5: s.high5! + w.high5!,
        payitforward: s.payitforward! + w.payitforward!,
      }),
      { recognition: 0, high5: 0, payitforward: 0 },
    );
    expect(kinds).toEqual({ recognition: 2, high5: 1, payitforward: 1 });
    expect(d.byBehaviour).toEqual([{ behaviour: 'Teamwork R', count: 2 }]);
    expect(d.points).toEqual({ issued: 1200, given: 130, redeemed: 0, won: 0 });
    const [active] = await ctx.app.db
      .select({ n: sql<number>`count(*)` })
      .from(members)
      .where(eq(members.active, true));
    expect(d.participation).toMatchObject({ members: Number(active!.n), gave: 3, received: 3 });
    const assurance = d.byDivision.find((x: { division: string }) => x.division === 'Assurance R');
    expect(assurance).toMatchObject({ given: 4, received: 2 });
    expect(d.equity.giniMembers).toBeGreaterThan(0.5);
    expect(d.equity.giniMembers).toBeLessThan(1);
    const deserts = d.equity.deserts.map((x: { division: string }) => x.division);
    expect(deserts).not.toContain('External R');
    expect(deserts).not.toContain('Compliance R');
    expect(deserts.length).toBeGreaterThan(0);
    expect(d.equity.reciprocalPairs).toEqual([]);
  });

  it('refuses a period longer than a year or reversed', async () => {
    const long = await ctx.request({
      method: 'GET',
      url: '/api/reports/dashboard?from=2024-01-01&to=2026-01-01',
      token: firm.adminToken,
    });
    expect(long.statusCode).toBe(400);
    const reversed = await ctx.request({
      method: 'GET',
      url: '/api/reports/dashboard?from=2026-02-01&to=2026-01-01',
      token: firm.adminToken,
    });
    expect(reversed.statusCode).toBe(400);
  });
});
