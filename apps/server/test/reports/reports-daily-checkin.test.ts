import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { records, setupReportsFirm } from '../support/reports-firm.ts';

/** The Daily Check-In report on the reports firm (reports-firm.ts): firm-wide, and k-anonymous per day. */
const firm = setupReportsFirm();
const { ctx, ids, query } = firm;

describe('daily check-ins', () => {
  it('counts the whole firm per day and mood; a day with fewer than 5 check-ins, or today, shows no figures', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // Six members on 2 February, two on the 3rd and three others on the 4th (the hidden days
    // hold five members together, so the 2nd may show: decision 0093), six today.
    await ctx.app.db.execute(sql`insert into mood_checkins (member_id, day, value)
      select id, day::date, 1 + rn % 3 from (
        select m.id, d.day, d.lo, d.hi, row_number() over (partition by d.day order by m.id)::int as rn
        from (select id from members order by id limit 6) m,
          (values ('2026-02-02', 1, 6), ('2026-02-03', 1, 2), ('2026-02-04', 3, 5), (${today}, 1, 6)) as d(day, lo, hi)
      ) x where rn between lo and hi`);
    const t = await query('reportdailycheckin', { filters: { from: '2026-02-01', to: today } });
    expect(records(t)).toEqual([
      {
        day: '2026-02-04',
        checkIns: null,
        happy: null,
        okay: null,
        unhappy: null,
        averageMood: null,
        privacy: 'fewer than 5',
      },
      {
        day: '2026-02-03',
        checkIns: null,
        happy: null,
        okay: null,
        unhappy: null,
        averageMood: null,
        privacy: 'fewer than 5',
      },
      { day: '2026-02-02', checkIns: 6, happy: 2, okay: 2, unhappy: 2, averageMood: 2, privacy: '' },
    ]);
    // The hidden day is not in the totals either: they cannot be subtracted to reveal it.
    expect(t.totals).toEqual({ checkIns: 6, happy: 2, okay: 2, unhappy: 2 });
    // One figure for the whole firm: no filter narrows it to a division or a country.
    const res = await ctx.request({
      method: 'POST',
      url: '/api/reports/reportdailycheckin/query',
      token: firm.adminToken,
      payload: { filters: { division1: ids.d1 } },
    });
    expect(res.statusCode).toBe(400);
  });
});
