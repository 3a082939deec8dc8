import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { divisions } from '../../src/db/schema/index.ts';
import { addDays, utcToday } from '../../src/lib/utc-dates.ts';
import { mondayOf } from '../../src/modules/reports/k-anonymity.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';

/**
 * k-anonymity of /reportdailycheckinanalysis and the dashboard's mood trend: no filter
 * combination shows figures for a group of fewer than 5 members, directly or as the
 * difference between a shown group and its shown sub-groups.
 */
const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
let token = '';

interface Node {
  id: number;
  name: string;
  parent: string | null;
  size: number;
}
/** Firm → A (A1: a 10, b 3; A2: c 6, d 2) and B (B1: e 4). */
const tree: Record<string, Node> = {};

async function add(name: string, level: number, parent: string | null, size = 0) {
  const [row] = await ctx.app.db
    .insert(divisions)
    .values({ name, level, parentId: parent ? tree[parent]!.id : null })
    .returning();
  tree[name] = { id: row!.id, name, parent, size };
  for (let i = 0; i < size; i++) {
    const m = await createMember(ctx.app, { divisionId: row!.id, registered: false });
    // Monday 2 February 2026 and the Wednesday after: one ISO week.
    await ctx.app.db.execute(
      sql`insert into mood_checkins (member_id, day, value) values (${m.id}, '2026-02-02', ${1 + (i % 3)}), (${m.id}, '2026-02-04', 1)`,
    );
  }
}

beforeAll(async () => {
  token = (await memberWithToken(ctx, { roles: 'rep' })).token;
  await add('A', 1, null);
  await add('A1', 2, 'A');
  await add('a', 3, 'A1', 10);
  await add('b', 3, 'A1', 3);
  await add('A2', 2, 'A');
  await add('c', 3, 'A2', 6);
  await add('d', 3, 'A2', 2);
  await add('B', 1, null);
  await add('B1', 2, 'B');
  await add('e', 3, 'B1', 4);
});

type Row = Record<string, unknown>;
async function analysis(filters: Record<string, unknown>): Promise<Row[]> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/reports/reportdailycheckinanalysis/query',
    token,
    payload: { filters, pageSize: 200 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { fields: string[]; rows: unknown[][] };
  return body.rows.map((r) => Object.fromEntries(body.fields.map((f, i) => [f, r[i]])));
}

const membersBelow = (name: string): number =>
  tree[name]!.size +
  Object.values(tree)
    .filter((n) => n.parent === name)
    .reduce((s, n) => s + membersBelow(n.name), 0);

describe('k-anonymity of mood by division and week', () => {
  it('never shows figures for fewer than 5 members, whatever the filters', async () => {
    const periods = [
      { from: '2026-02-02', to: '2026-02-08' },
      { from: '2026-02-04', to: '2026-02-04' },
      { from: '2026-01-26', to: '2026-02-15' },
    ];
    const choices: Record<string, unknown>[] = [{}];
    for (const n of Object.values(tree)) {
      const level = n.parent === null ? 1 : tree[n.parent]!.parent === null ? 2 : 3;
      choices.push({ [`division${level}`]: n.id });
    }
    const shown = new Map<string, number>();
    const hidden = new Set<string>();
    for (const period of periods) {
      for (const choice of choices) {
        for (const row of await analysis({ ...period, ...choice })) {
          expect(row.week).toBe('2026-02-02');
          const name = String(row.division);
          if (row.privacy === 'fewer than 5') {
            expect([row.members, row.checkIns, row.happyShare, row.averageMood]).toEqual([null, null, null, null]);
            hidden.add(name);
          } else {
            expect(row.members as number).toBeGreaterThanOrEqual(5);
            shown.set(name, row.members as number);
          }
        }
      }
    }
    // A group is shown or hidden the same way under every filter.
    for (const name of hidden) expect(shown.has(name)).toBe(false);
    // The shown figures are the true member counts.
    for (const [name, members] of shown) expect(members).toBe(membersBelow(name));
    // No shown group minus its topmost shown sub-groups leaves 1 to 4 members.
    const coveredBelow = (name: string): number =>
      Object.values(tree)
        .filter((n) => n.parent === name)
        .reduce((s, n) => s + (shown.has(n.name) ? shown.get(n.name)! : coveredBelow(n.name)), 0);
    for (const [name, members] of shown) {
      const residue = members - coveredBelow(name);
      expect(residue === 0 || residue >= 5, `${name} residue ${residue}`).toBe(true);
    }
    expect([...shown.keys()].sort()).toEqual(['A', 'a', 'c']);
    expect([...hidden].sort()).toEqual(['A1', 'A2', 'B', 'B1', 'Whole firm', 'b', 'd', 'e']);
  });

  it('hides the firm-wide mood trend on the dashboard when it would reveal a small group', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/reports/dashboard?from=2026-02-02&to=2026-02-08',
      token,
    });
    expect(res.statusCode).toBe(200);
    // Firm = A (21, shown) + B (4): the firm's figures would reveal B's 4 members.
    expect(res.json().moodTrend).toEqual([
      { week: '2026-02-02', suppressed: true, members: null, average: null, happy: null, neutral: null, unhappy: null },
    ]);
  });

  it('shows the firm-wide trend once every remainder has at least 5 members', async () => {
    await add('f', 3, 'B1', 1);
    const res = await ctx.request({
      method: 'GET',
      url: '/api/reports/dashboard?from=2026-02-02&to=2026-02-08',
      token,
    });
    const [week] = res.json().moodTrend;
    expect(week).toMatchObject({ week: '2026-02-02', suppressed: false, members: 26 });
    const rows = await analysis({ from: '2026-02-02', to: '2026-02-08' });
    expect(rows.map((r) => [r.division, r.members])).toEqual([
      ['Whole firm', 26],
      ['A', 21],
      ['B', 5],
    ]);
  });
});

describe('the week in progress', () => {
  it('is published only once it has ended, so two readings a day apart cannot be subtracted', async () => {
    const today = utcToday();
    const thisMonday = mondayOf(today);
    const lastMonday = addDays(thisMonday, -7);
    await ctx.app.db.execute(
      sql`insert into mood_checkins (member_id, day, value)
          select id, d.day::date, 2 from members, (values (${lastMonday}), (${today})) as d(day)
          where division_id = ${tree.a!.id}
          on conflict do nothing`,
    );
    const rows = await analysis({ division3: tree.a!.id, from: lastMonday, to: today });
    expect(rows.map((r) => [r.week, r.members])).toEqual([[lastMonday, 10]]);
    expect(await analysis({ division3: tree.a!.id, from: today, to: today })).toEqual([]);
    // Without dates: the 12 weeks that have ended, the last of them last week.
    expect((await analysis({ division3: tree.a!.id })).map((r) => r.week)).toEqual([lastMonday]);

    const dashboard = await ctx.request({
      method: 'GET',
      url: `/api/reports/dashboard?from=${lastMonday}&to=${today}`,
      token,
    });
    expect(dashboard.statusCode).toBe(200);
    expect((dashboard.json().moodTrend as { week: string }[]).map((w) => w.week)).toEqual([lastMonday]);
  });
});

describe('a member who moves between divisions', () => {
  const checkIn = (memberId: number, day: string) =>
    ctx.app.db.execute(sql`insert into mood_checkins (member_id, day, value) values (${memberId}, ${day}, 1)`);
  const moveTo = (memberId: number, division: string) =>
    ctx.app.db.execute(sql`update members set division_id = ${tree[division]!.id} where id = ${memberId}`);
  const week = async () =>
    Object.fromEntries(
      (await analysis({ division1: tree.B!.id, from: '2026-03-02', to: '2026-03-08' })).map((r) => [
        r.division,
        [r.members, r.checkIns],
      ]),
    );

  it('counts once in the week of the move, and leaves the weeks already published as they were (0078)', async () => {
    await add('g', 2, 'B');
    await add('h', 2, 'B');
    const inG = await Promise.all(
      Array.from({ length: 5 }, () => createMember(ctx.app, { divisionId: tree.g!.id, registered: false })),
    );
    const inH = await Promise.all(
      Array.from({ length: 5 }, () => createMember(ctx.app, { divisionId: tree.h!.id, registered: false })),
    );
    for (const m of [...inG, ...inH]) await checkIn(m.id, '2026-03-02');
    // The first of g moves to h on Tuesday and checks in there on Wednesday: their week stays in g.
    await moveTo(inG[0]!.id, 'h');
    await checkIn(inG[0]!.id, '2026-03-04');
    const published = await week();
    expect(published).toEqual({ B: [10, 11], g: [5, 6], h: [5, 5] });

    // Two more leave g later on: the week already published does not change, so nothing about
    // them can be learnt by subtracting one reading from the other.
    await moveTo(inG[1]!.id, 'h');
    await moveTo(inG[2]!.id, 'h');
    expect(await week()).toEqual(published);
  });
});
