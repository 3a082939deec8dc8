import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { divisions, members } from '../../src/db/schema/index.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { utcToday } from '../../src/lib/utc-dates.ts';
import { memberAccountId, systemAccountId } from '../../src/core/ledger/accounts.repository.ts';
import { flushReportRollups } from '../../src/modules/reports/rollup-flush.ts';
import { setupApp } from './build-app.ts';
import { createMember, memberWithToken } from './factories.ts';
import { createBehaviour, fund, relaxLimits, send } from './ledger-factories.ts';

export const DAY = 86_400_000;

/** A small deterministic pseudo-random sequence (the same firm on every run). */
function lcg(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s % n;
  };
}

/**
 * The firm the dashboard roll-up tests query, built once per test file before its tests: history
 * over 14 months (kudos on month and day edges, added to the roll-ups in three parts, each holding
 * days before, on and after those already rolled up), members who moved team or left, self-kudos,
 * reciprocal pairs, recognition deserts, every point figure, and today's sends through the real
 * routes. `dayOffset(n)` is the date n days from `today`.
 */
export function setupDashboardHistory() {
  const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
  const today = utcToday();
  const dayOffset = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

  async function division(name: string, level: number, parentId: number | null = null) {
    const [row] = await ctx.app.db.insert(divisions).values({ name, level, parentId }).returning();
    return row!.id;
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
      seeded.push({
        kind: 'high5',
        from: ids[5]!,
        to: ids[10]!,
        behaviour: null,
        at: `${dayOffset(-2 - i)}T09:00:00Z`,
      });
      seeded.push({
        kind: 'high5',
        from: ids[10]!,
        to: ids[5]!,
        behaviour: null,
        at: `${dayOffset(-3 - i)}T09:00:00Z`,
      });
    }
    seeded.push({
      kind: 'high5',
      from: ids[0]!,
      to: desertIds[0]!,
      behaviour: null,
      at: `${dayOffset(-120)}T15:30:00Z`,
    });
    seeded.push({
      kind: 'high5',
      from: ids[0]!,
      to: desertIds[1]!,
      behaviour: null,
      at: `${dayOffset(-200)}T15:30:00Z`,
    });
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
    // Refunds and upload reversals take points back out of "Redeemed" and "Issued" (decision 0084).
    for (let i = 0; i < 8; i++) {
      const at = `${dayOffset(-rand(400))}T${10 + rand(12)}:00:00Z`;
      const a = accounts[rand(accounts.length)]!;
      const amount = 1 + rand(5);
      if (i % 2 === 0) {
        await post('redemption_refund', at, [
          { account: redemptions, amount: -amount },
          { account: a, amount },
        ]);
      } else {
        await post('upload_reversal', at, [
          { account: a, amount: -amount },
          { account: issuance, amount },
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
  return { ctx, today, dayOffset };
}
