import { describe, expect, it } from 'vitest';
import { getDashboard } from '../../src/modules/reports/get-dashboard.ts';
import { scanDashboardSource } from '../support/dashboard-scan-reference.ts';
import { DAY, setupDashboardHistory } from '../support/reports-dashboard-history.ts';

/**
 * The dashboard read from the daily roll-ups (decision 0030) answers exactly what the scans of
 * kudos and ledger entries answered, for periods cut every way a month can be cut, on a firm
 * with history over 14 months, members who moved team or left, self-kudos, reciprocal pairs,
 * recognition deserts and every point figure (reports-dashboard-history.ts).
 */
const { ctx, today, dayOffset } = setupDashboardHistory();

describe('dashboard from the roll-ups', () => {
  const periods: [string, string | undefined, string | undefined][] = [
    ['the default 90 days', undefined, undefined],
    ['today only', today, today],
    ['a whole year', dayOffset(-364), today],
    ['the year before last month', dayOffset(-366), dayOffset(-40)],
    ['within one month', `${dayOffset(-70).slice(0, 7)}-03`, `${dayOffset(-70).slice(0, 7)}-20`],
    ['from a first of the month', `${dayOffset(-150).slice(0, 7)}-01`, dayOffset(-20)],
    [
      'to the last day of a month',
      dayOffset(-200),
      new Date(Date.parse(`${dayOffset(-30).slice(0, 7)}-01T00:00:00Z`) - DAY).toISOString().slice(0, 10),
    ],
    ['across two month ends', dayOffset(-75), dayOffset(-15)],
    ['a first of the month alone', `${dayOffset(-65).slice(0, 7)}-01`, `${dayOffset(-65).slice(0, 7)}-01`],
    ['a quiet stretch with no kudos', dayOffset(-1500), dayOffset(-1200)],
  ];

  it.each(periods)('answers %s exactly as the scans did', async (_label, from, to) => {
    const query = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
    const rolled = await getDashboard(ctx.app.db, query, today);
    const scanned = await getDashboard(ctx.app.db, query, today, scanDashboardSource);
    expect(rolled).toEqual(scanned);
  });

  it('is not trivially equal: the seeded year has every figure', async () => {
    const year = await getDashboard(ctx.app.db, { from: dayOffset(-364), to: today }, today);
    expect(year.recognitionsByWeek.length).toBeGreaterThan(40);
    expect(year.byBehaviour.map((b) => b.behaviour)).toEqual(expect.arrayContaining(['Bravery DR', 'Care DR']));
    expect(year.points.issued).toBeGreaterThan(0);
    expect(year.points.given).toBeGreaterThan(0);
    expect(year.points.redeemed).toBeGreaterThan(0);
    expect(year.points.won).toBeGreaterThan(0);
    expect(year.equity.deserts.map((d) => d.division)).toEqual(expect.arrayContaining(['Desert DR', 'Never DR']));
    expect(year.equity.deserts.find((d) => d.division === 'Desert DR')?.lastRecognised).toMatch(/^\d{4}-/);
    expect(year.equity.reciprocalPairs.length).toBeGreaterThan(0);
  });
});
