import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { divisions, members } from '../src/db/schema/index.ts';
import { queryRows } from '../src/lib/sql-rows.ts';
import { utcToday } from '../src/lib/utc-dates.ts';
import { memberAccountId, systemAccountId } from '../src/modules/ledger/accounts.repository.ts';
import { transferMany, type TransferSpec } from '../src/modules/ledger/transfer.ts';
import { getDashboard } from '../src/modules/reports/get-dashboard.ts';
import { flushReportRollups } from '../src/modules/reports/rollup-flush.ts';
import { setupApp } from './build-app.ts';
import { scanDashboardSource } from './dashboard-scan-reference.ts';
import { createMember, memberWithToken } from './factories.ts';
import { createBehaviour, fund, relaxLimits, send } from './ledger-factories.ts';

/**
 * The dashboard read from the daily roll-ups (decision 0030) answers exactly what the scans of
 * kudos and ledger entries answered, for periods cut every way a month can be cut, on a firm
 * with history over 14 months, members who moved team or left, self-kudos, reciprocal pairs,
 * recognition deserts and every point figure; and the migration's back-fill builds the same
 * roll-ups as the queue and its bulk flush (decision 0051).
 */
const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
const today = utcToday();
const DAY = 86_400_000;
const dayOffset = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const ROLLUPS = [
  'report_kudos_days',
  'report_member_days',
  'report_member_totals',
  'report_kudos_pairs',
  'report_point_days',
];

async function division(name: string, level: number, parentId: number | null = null) {
  const [row] = await ctx.app.db.insert(divisions).values({ name, level, parentId }).returning();
  return row!.id;
}

/** A small deterministic pseudo-random sequence (the same firm on every run). */
function lcg(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s % n;
  };
}

async function insertKudos(
  rows: { kind: string; from: number; to: number; behaviour: number | null; at: string; points?: number }[],
) {
  for (const r of rows) {
    await ctx.app.db.execute(
      sql`insert into kudos (kind, from_member_id, to_member_id, behaviour_id, message, points, created_at)
        values (${r.kind}, ${r.from}, ${r.to}, ${r.behaviour}, 'Seeded', ${r.points ?? 0}, ${r.at}::timestamptz)`,
    );
  }
}

/** One balanced ledger transaction at a chosen instant, written as the history would hold it. */
async function post(kind: string, at: string, legs: { account: number; amount: number }[]) {
  await ctx.app.db.transaction(async (tx) => {
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

async function rollupContents() {
  await flushReportRollups(ctx.app.db);
  const out: Record<string, unknown[]> = {};
  for (const table of ROLLUPS) {
    // Ordered by every column (a roll-up's key has more than three: the shard too), so equal
    // contents compare equal whatever order the rows were written in.
    out[table] = await queryRows(ctx.app.db, sql.raw(`select * from ${table} t order by t::text`));
  }
  return out;
}

beforeAll(async () => {
  await relaxLimits(ctx.app);
  const d1 = await division('Assurance DR', 1);
  const d2 = await division('Audit DR', 2, d1);
  const t1 = await division('External DR', 3, d2);
  const t2 = await division('Internal DR', 3, d2);
  const o1 = await division('Tax DR', 1);
  const t3 = await division('Compliance DR', 2, o1);
  const lone = await division('Lone team DR', 3);
  const desert = await division('Desert DR', 3);
  const never = await division('Never DR', 3);
  const teams = [t1, t2, t3, lone, null];

  const ids: number[] = [];
  for (let i = 0; i < 24; i++) {
    const m = await createMember(ctx.app, {
      firstName: `Dash${i}`,
      surname: 'Board',
      divisionId: teams[i % teams.length]!,
      active: i % 7 !== 3,
    });
    ids.push(m.id);
  }
  const desertIds = [];
  for (let i = 0; i < 3; i++) desertIds.push((await createMember(ctx.app, { divisionId: desert })).id);
  await createMember(ctx.app, { divisionId: never });
  const behaviourIds = [
    (await createBehaviour(ctx.app, 'Bravery DR')).id,
    (await createBehaviour(ctx.app, 'Care DR')).id,
    (await createBehaviour(ctx.app, 'Craft DR')).id,
  ];

  // 700 kudos over the last 420 days, with instants on month and day edges.
  const rand = lcg(20_261_123);
  const kinds = ['recognition', 'recognition', 'high5', 'payitforward'];
  const seeded: Parameters<typeof insertKudos>[0] = [];
  for (let i = 0; i < 700; i++) {
    const kind = kinds[rand(kinds.length)]!;
    const day = dayOffset(-rand(420));
    const edge = rand(5);
    const time = edge === 0 ? '00:00:00' : edge === 1 ? '23:59:59.999' : `${10 + rand(12)}:${10 + rand(49)}:07`;
    const from = ids[rand(ids.length)]!;
    const to = rand(40) === 0 ? from : ids[rand(ids.length)]!;
    seeded.push({
      kind,
      from,
      to,
      behaviour: kind === 'recognition' ? behaviourIds[rand(3)]! : null,
      at: `${day}T${time}Z`,
      points: kind === 'high5' ? 0 : 10,
    });
  }
  // The first of a few months at midnight, and the last instant before it.
  for (const back of [35, 65, 100]) {
    const first = `${dayOffset(-back).slice(0, 7)}-01`;
    seeded.push({ kind: 'high5', from: ids[1]!, to: ids[2]!, behaviour: null, at: `${first}T00:00:00Z` });
    seeded.push({
      kind: 'high5',
      from: ids[2]!,
      to: ids[1]!,
      behaviour: null,
      at: new Date(Date.parse(`${first}T00:00:00Z`) - 1).toISOString(),
    });
  }
  // A pair that recognises each other far more than anyone else, and a desert team last
  // recognised four months ago.
  for (let i = 0; i < 6; i++) {
    seeded.push({ kind: 'high5', from: ids[5]!, to: ids[10]!, behaviour: null, at: `${dayOffset(-2 - i)}T09:00:00Z` });
    seeded.push({ kind: 'high5', from: ids[10]!, to: ids[5]!, behaviour: null, at: `${dayOffset(-3 - i)}T09:00:00Z` });
  }
  seeded.push({ kind: 'high5', from: ids[0]!, to: desertIds[0]!, behaviour: null, at: `${dayOffset(-120)}T15:30:00Z` });
  seeded.push({ kind: 'high5', from: ids[0]!, to: desertIds[1]!, behaviour: null, at: `${dayOffset(-200)}T15:30:00Z` });
  // In three parts, each added to the roll-ups before the next is queued: later parts hold kudos
  // dated before, on and after the days already rolled up (decision 0051's bulk flush).
  for (const part of [seeded.slice(0, 300), seeded.slice(300, 550), seeded.slice(550)]) {
    await insertKudos(part);
    expect(await flushReportRollups(ctx.app.db)).toBe(part.length);
  }

  // Point history: issuance, recognitions and Pay It Forwards, redemptions and game prizes.
  const issuance = await systemAccountId(ctx.app.db, 'issuance');
  const redemptions = await systemAccountId(ctx.app.db, 'redemptions');
  const prizes = await systemAccountId(ctx.app.db, 'game_prizes');
  const accounts = [];
  for (const id of ids.slice(0, 8)) accounts.push(await memberAccountId(ctx.app.db, id, 'points'));
  for (let i = 0; i < 60; i++) {
    const at = `${dayOffset(-rand(400))}T${10 + rand(12)}:00:00Z`;
    const a = accounts[rand(accounts.length)]!;
    const b = accounts[rand(accounts.length)]!;
    const amount = 5 + rand(50);
    switch (i % 5) {
      case 0:
        await post('issuance', at, [
          { account: issuance, amount: -amount },
          { account: a, amount },
        ]);
        break;
      case 1:
        await post('recognition', at, [
          { account: issuance, amount: -amount },
          { account: a, amount },
        ]);
        break;
      case 2:
        await post('payitforward', at, [
          { account: a, amount: -amount },
          { account: b, amount },
        ]);
        break;
      case 3:
        await post('redemption', at, [
          { account: a, amount: -amount },
          { account: redemptions, amount },
        ]);
        break;
      default:
        await post('game_prize', at, [
          { account: prizes, amount: -amount },
          { account: a, amount },
        ]);
    }
  }

  // Today, through the real send routes (one transaction each, queued by the triggers, added at the next flush).
  const manager = await memberWithToken(ctx, { isManager: true, divisionId: t1 });
  const giver = await memberWithToken(ctx, { divisionId: t2, managerId: manager.member.id });
  await ctx.app.db.execute(
    sql`update members set manager_id = ${manager.member.id} where id in (${ids[0]}, ${ids[1]})`,
  );
  await fund(ctx.app, manager.member.id, 1000, 'team_budget');
  await fund(ctx.app, giver.member.id, 300);
  const sends = [
    send(ctx, '/api/recognition/send', manager.token, {
      toMemberIds: [ids[0], ids[1], giver.member.id],
      behaviourId: behaviourIds[0],
      message: 'Well done all',
      points: 20,
    }),
    send(ctx, '/api/payitforward/send', giver.token, { toMemberId: ids[2], points: 30, message: 'Coffee' }),
    send(ctx, '/api/high5/send', giver.token, { toMemberId: ids[4], message: 'High five' }),
  ];
  for (const res of sends) expect(`${(await res).statusCode} ${(await res).body}`).toMatch(/^200 /);

  // A member moves team after being recognised: the dashboard counts members where they are now.
  await ctx.app.db.execute(sql`update members set division_id = ${t3} where id = ${ids[0]}`);
  expect(await ctx.app.db.$count(members)).toBeGreaterThan(28);
});

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

  it('keeps each member’s running totals: every day row holds the sums through its day', async () => {
    const mismatches = await queryRows(
      ctx.app.db,
      sql`select d.member_id, d.day from report_member_days d
        where d.given_total <> (select sum(x.given) from report_member_days x where x.member_id = d.member_id and x.day <= d.day)
          or d.received_total <> (select sum(x.received) from report_member_days x where x.member_id = d.member_id and x.day <= d.day)
        union all
        select a.member_id, a.last_day from (select member_id, min(day) as first_day, max(day) as last_day,
            sum(given)::int as given, sum(received)::int as received from report_member_days group by member_id) a
          full join report_member_totals t on t.member_id = a.member_id
        where (t.first_day, t.last_day, t.given, t.received) is distinct from (a.first_day, a.last_day, a.given, a.received)`,
    );
    expect(mismatches).toEqual([]);
    // Kudos were seeded out of date order, so later rows had to move when earlier ones arrived.
    const [counts] = await queryRows<{ members: number; rows: number }>(
      ctx.app.db,
      sql`select count(*)::int as members, (select count(*)::int from report_member_days) as rows from report_member_totals`,
    );
    expect(counts!.members).toBeGreaterThan(10);
    expect(counts!.rows).toBeGreaterThan(counts!.members * 5);
  });

  it('the migrations’ back-fills build the same roll-ups as the queue and its flushes', async () => {
    const byTriggers = await rollupContents();
    const folder = new URL('../src/db/migrations/', import.meta.url);
    const files = readdirSync(folder)
      .filter((name) => /_report_(rollups|running_totals)\.sql$/.test(name))
      .sort();
    expect(files).toHaveLength(2);
    await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`truncate ${ROLLUPS.join(', ')}`));
      for (const file of files) {
        const migration = readFileSync(new URL(file, folder), 'utf8');
        for (const statement of migration.slice(migration.indexOf('-- Back-fill')).split('--> statement-breakpoint')) {
          if (!statement.replace(/--.*$/gm, '').trim()) continue;
          // The first back-fill also filled the monthly roll-up, which the running totals replaced.
          if (/insert into report_member_months/i.test(statement)) continue;
          await tx.execute(sql.raw(statement));
        }
      }
    });
    expect(await rollupContents()).toEqual(byTriggers);
  });

  it('queues a ledger call’s sums once per figure row, adds them at the next flush, and nothing for a rolled-back call', async () => {
    await flushReportRollups(ctx.app.db);
    const issuedToday = async () => {
      const [row] = await queryRows<{ n: number }>(
        ctx.app.db,
        sql`select coalesce(sum(amount), 0)::int as n from report_point_days where day = ${today} and figure = 'issued'`,
      );
      return row!.n;
    };
    const pending = async (db: typeof ctx.app.db) => {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from report_point_pending`);
      return row!.n;
    };
    const receivers = (
      await queryRows<{ id: number }>(ctx.app.db, sql`select id from members order by id limit 5`)
    ).map((r) => r.id);
    const specs: TransferSpec[] = Array.from({ length: 500 }, (_, i) => ({
      kind: 'upload',
      memo: 'Bulk',
      legs: [
        { system: 'issuance', amount: -2 },
        { member: { memberId: receivers[i % receivers.length]!, kind: 'points' }, amount: 2 },
      ],
    }));
    const before = await issuedToday();

    await expect(
      ctx.app.db.transaction(async (tx) => {
        await transferMany(tx, specs);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await pending(ctx.app.db)).toBe(0);

    await ctx.app.db.transaction(async (tx) => {
      await transferMany(tx, specs.slice(0, 250));
      await transferMany(tx, specs.slice(250));
      // One summed row per ledger call (the members' 'upload' credits count towards no figure).
      expect(await pending(tx)).toBe(2);
    });
    expect(await pending(ctx.app.db)).toBe(2);
    expect(await issuedToday()).toBe(before);
    expect(await flushReportRollups(ctx.app.db)).toBe(0);
    expect(await issuedToday()).toBe(before + 1000);
    expect(await pending(ctx.app.db)).toBe(0);
    const year = { from: dayOffset(-364), to: today };
    expect(await getDashboard(ctx.app.db, year, today)).toEqual(
      await getDashboard(ctx.app.db, year, today, scanDashboardSource),
    );
  });
});
