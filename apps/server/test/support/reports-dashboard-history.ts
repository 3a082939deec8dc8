import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { divisions, members } from '../../src/db/schema/index.ts';
import { utcToday } from '../../src/lib/utc-dates.ts';
import { flushReportRollups } from '../../src/modules/reports/rollup-flush.ts';
import { setupApp } from './build-app.ts';
import { insertKudos, kudosHistory } from './dashboard-history-kudos.ts';
import { writePointHistory } from './dashboard-history-points.ts';
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

    // The kudos, then the points, from one pseudo-random sequence.
    const rand = lcg(20_261_123);
    const seeded = kudosHistory(rand, dayOffset, { ids, desertIds, behaviourIds });
    // In three parts, each added to the roll-ups before the next is queued: later parts hold kudos
    // dated before, on and after the days already rolled up (decision 0051's bulk flush).
    for (const part of [seeded.slice(0, 300), seeded.slice(300, 550), seeded.slice(550)]) {
      await insertKudos(ctx.app, part);
      expect(await flushReportRollups(ctx.app.db)).toBe(part.length);
    }

    // Point history: issuance, recognitions and Pay It Forwards, redemptions and game prizes,
    // refunds and upload reversals.
    await writePointHistory(ctx.app, rand, dayOffset, ids.slice(0, 8));

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
