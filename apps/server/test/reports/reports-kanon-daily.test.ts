import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';

/**
 * The daily check-in report beside the weekly analysis (decision 0093): a week's firm-wide row
 * minus the days the daily report shows must never single out fewer than 5 members.
 */
const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
let token = '';

type Row = Record<string, unknown>;
async function report(key: string, filters: Record<string, unknown>): Promise<Row[]> {
  const res = await ctx.request({
    method: 'POST',
    url: `/api/reports/${key}/query`,
    token,
    payload: { filters, pageSize: 200 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { fields: string[]; rows: unknown[][] };
  return body.rows.map((r) => Object.fromEntries(body.fields.map((f, i) => [f, r[i]])));
}

/** Check-ins of `members[from..to)` on `day`, each with `value`. */
async function checkIns(members: number[], day: string, value: number) {
  for (const id of members) {
    await ctx.app.db.execute(sql`insert into mood_checkins (member_id, day, value) values (${id}, ${day}, ${value})`);
  }
}

const shownDays = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.day as string, r.checkIns as number | null]));

beforeAll(async () => {
  // A report administrator reads both reports (decision 0024).
  token = (await memberWithToken(ctx, { isAdminReports: true })).token;
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) ids.push((await createMember(ctx.app, { registered: false })).id);
  // Week of Monday 2 March 2026: Monday 8, Tuesday 6, Sunday the 8th 2 (hidden on its own).
  await checkIns(ids.slice(0, 8), '2026-03-02', 1);
  await checkIns(ids.slice(0, 6), '2026-03-03', 2);
  await checkIns(ids.slice(10, 12), '2026-03-08', 3);
  // Week of Monday 9 March: Monday 7, Saturday 3 and Sunday 2 others (the hidden days: 5 members).
  await checkIns(ids.slice(0, 7), '2026-03-09', 1);
  await checkIns(ids.slice(7, 10), '2026-03-14', 2);
  await checkIns(ids.slice(10, 12), '2026-03-15', 3);
});

describe('the daily check-in report, beside the weekly analysis', () => {
  it('hides the week’s smallest shown day when its hidden days hold fewer than 5 members', async () => {
    const rows = await report('reportdailycheckin', { from: '2026-03-02', to: '2026-03-15' });
    expect(shownDays(rows)).toEqual({
      '2026-03-02': 8,
      '2026-03-03': null,
      '2026-03-08': null,
      '2026-03-09': 7,
      '2026-03-14': null,
      '2026-03-15': null,
    });
    // What the firm's week minus the shown days leaves is at least 5 members' check-ins.
    const weeks = await report('reportdailycheckinanalysis', { from: '2026-03-02', to: '2026-03-15' });
    const firm = weeks.find((w) => w.week === '2026-03-02' && w.division === 'Whole firm')!;
    expect((firm.checkIns as number) - 8).toBe(8);
  });

  it('decides per whole week, whatever the period asked', async () => {
    const tuesday = await report('reportdailycheckin', { from: '2026-03-03', to: '2026-03-03' });
    expect(shownDays(tuesday)).toEqual({ '2026-03-03': null });
    const monday = await report('reportdailycheckin', { from: '2026-03-02', to: '2026-03-02' });
    expect(shownDays(monday)).toEqual({ '2026-03-02': 8 });
  });
});
