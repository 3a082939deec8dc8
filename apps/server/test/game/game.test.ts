import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameDraws, idempotencyKeys } from '../../src/db/schema/index.ts';
import { transfer } from '../../src/core/ledger/transfer.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { SETTING_DEFAULTS } from '../../src/core/settings/settings.repository.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { faultyTransactions, type Fault } from '../support/faulty-db.ts';
import { drawsOf, play, poolOf, setPool } from '../support/game-factories.ts';
import { balancesOf, fund, newKey, setSetting } from '../support/ledger-factories.ts';

// The send runner's database fails on demand (the failure test arms it); everything else is real.
const fault: Fault = { insertInto: null };
const ctx = setupApp(
  {},
  { services: (s) => ({ ...s, sends: { ...s.sends, transactions: faultyTransactions(s.sends.transactions, fault) } }) },
);
const board = (token?: string) => ctx.request({ method: 'GET', url: '/api/game/board', token });

describe('the prize pool', () => {
  it('cannot go below zero in the database, whatever the code does (backstop CHECK)', async () => {
    await setPool(ctx.app, 30);
    const overdraw = transfer(ctx.app.db, {
      kind: 'game_prize',
      legs: [
        { system: 'game_prizes', amount: -31 },
        { system: 'issuance', amount: 31 },
      ],
    });
    await expect(overdraw).rejects.toThrow();
    expect(await poolOf(ctx.app)).toBe(30);
  });
});

describe('POST /api/game/play', () => {
  it('needs a session (401), South Africa (403) and an Idempotency-Key (400)', async () => {
    expect((await play(ctx, undefined, { cap: 1 })).statusCode).toBe(401);
    const kenyan = await memberWithToken(ctx, { country: 'Kenya' });
    await fund(ctx.app, kenyan.member.id, 2, 'plays');
    expect((await play(ctx, kenyan.token, { cap: 1 })).statusCode).toBe(403);
    expect((await balancesOf(ctx.app, kenyan.member.id)).awardsPointsAvailable1).toBe(2);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 1, 'plays');
    expect((await play(ctx, token, { cap: 1 }, null)).statusCode).toBe(400);
    expect(await drawsOf(ctx.app, member.id)).toHaveLength(0);
  });

  it('refuses a cap outside the board (400) and uses no play', async () => {
    await setPool(ctx.app, 10_000);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 1, 'plays');
    for (const cap of [0, 13, -1, 2.5, 'x', null]) {
      const res = await play(ctx, token, { cap });
      expect(res.statusCode, String(cap)).toBe(400);
      expect(res.json().errors.cap).toBeDefined();
    }
    expect((await play(ctx, token, {})).statusCode).toBe(400);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable1).toBe(1);
  });

  it('with no plays left answers 422 with a clear message and writes nothing', async () => {
    await setPool(ctx.app, 10_000);
    const { member, token } = await memberWithToken(ctx);
    const res = await play(ctx, token, { cap: 3 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/no game plays left/);
    expect(await drawsOf(ctx.app, member.id)).toHaveLength(0);
    expect(await poolOf(ctx.app)).toBe(10_000);
  });

  it('uses one play, pays the prize from the pool and records the draw', async () => {
    await setPool(ctx.app, 10_000);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 2, 'plays');
    await fund(ctx.app, member.id, 40);
    const res = await play(ctx, token, { cap: 7 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const table = SETTING_DEFAULTS.gamePrizeTable.prizes;
    const row = table.find((p) => p.label === body.prize.label)!;
    expect(body).toEqual({
      playId: expect.any(Number),
      prize: { label: row.label, points: row.points },
      playsAvailable: 1,
      balances: { awardsPointsAvailable: 40 + row.points, awardsPointsAvailable1: 1, awardsPointsAvailableMng: 0 },
    });
    expect(await poolOf(ctx.app)).toBe(10_000 - row.points);
    const [draw] = await drawsOf(ctx.app, member.id);
    expect(draw).toMatchObject({
      id: body.playId,
      cap: 7,
      tableVersion: 1,
      randomRange: 100,
      poolBefore: 10_000,
      prizeLabel: row.label,
      prizePoints: row.points,
    });
    expect(draw!.randomValue).toBeGreaterThanOrEqual(0);
    expect(draw!.randomValue).toBeLessThan(100);
    // The random value maps onto the prize through the table's cumulative weights.
    let below = draw!.randomValue;
    const index = table.findIndex((p) => (below -= p.weight) < 0);
    expect(table[index]!.label).toBe(row.label);
    expect(draw!.prizeTransactionId === null).toBe(row.points === 0);
  });

  it('replays the answer for the same Idempotency-Key: one play, one draw', async () => {
    await setPool(ctx.app, 10_000);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 3, 'plays');
    const key = newKey();
    const first = await play(ctx, token, { cap: 2 }, key);
    const again = await play(ctx, token, { cap: 2 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await drawsOf(ctx.app, member.id)).toHaveLength(1);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable1).toBe(2);
    expect((await play(ctx, token, { cap: 3 }, key)).statusCode).toBe(422);
  });

  it('draws only prizes the pool can cover, and refuses (keeping the play) when it covers none', async () => {
    await setSetting(ctx.app, 'gamePrizeTable', {
      version: 7,
      prizes: [
        { label: '5 Kudos', points: 5, weight: 1 },
        { label: '100 Kudos', points: 100, weight: 1_000_000 },
      ],
    });
    try {
      const { member, token } = await memberWithToken(ctx);
      await fund(ctx.app, member.id, 3, 'plays');
      await setPool(ctx.app, 99);
      // 100 Kudos sits this draw out: the only prize left in it is 5 Kudos.
      const res = await play(ctx, token, { cap: 1 });
      expect(res.json().prize).toEqual({ label: '5 Kudos', points: 5 });
      expect((await drawsOf(ctx.app, member.id))[0]).toMatchObject({
        randomValue: 0,
        randomRange: 1,
        tableVersion: 7,
        poolBefore: 99,
      });
      expect(await poolOf(ctx.app)).toBe(94);

      await setSetting(ctx.app, 'gamePrizeTable', {
        version: 9,
        prizes: [{ label: '100 Kudos', points: 100, weight: 1 }],
      });
      await setPool(ctx.app, 100);
      const win = await play(ctx, token, { cap: 1 });
      expect(win.json().prize).toEqual({ label: '100 Kudos', points: 100 });
      expect(await poolOf(ctx.app)).toBe(0);
      expect((await board(token)).json().poolEmpty).toBe(true);

      const refused = await play(ctx, token, { cap: 1 });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/prize pool is refilling/);
      expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable1).toBe(1);
      expect(await drawsOf(ctx.app, member.id)).toHaveLength(2);
    } finally {
      await setSetting(ctx.app, 'gamePrizeTable', SETTING_DEFAULTS.gamePrizeTable);
    }
  });

  it('shows plays earned, plays used and prizes won on the game play statement', async () => {
    await setSetting(ctx.app, 'gamePrizeTable', {
      version: 8,
      prizes: [{ label: '10 Kudos', points: 10, weight: 1 }],
    });
    try {
      await setPool(ctx.app, 10_000);
      const { member, token } = await memberWithToken(ctx);
      await fund(ctx.app, member.id, 3, 'plays');
      expect((await play(ctx, token, { cap: 4 })).statusCode).toBe(200);
      expect((await play(ctx, token, { cap: 5 })).statusCode).toBe(200);
      const statement = await ctx.request({ method: 'GET', url: '/api/statements/plays', token });
      expect(statement.statusCode).toBe(200);
      expect(statement.json().game).toEqual({ playsEarned: 3, playsUsed: 2, prizesWon: 2, pointsWon: 20 });
      expect(statement.json().lines.map((l: { description: string }) => l.description)).toEqual([
        'Test funding',
        'Game Board play — Cap 4: 10 Kudos',
        'Game Board play — Cap 5: 10 Kudos',
      ]);
      expect(statement.json().closingBalance).toBe(1);
      const points = await ctx.request({ method: 'GET', url: '/api/statements/points', token });
      expect(points.json().game).toBeUndefined();
      expect(points.json().lines.at(-1)).toMatchObject({ description: 'Game Board prize — 10 Kudos', amount: 10 });
      const csv = await ctx.request({ method: 'GET', url: '/api/statements/plays/csv', token });
      expect(csv.body).toContain('Game Board play — Cap 5: 10 Kudos,,-1,1');
      const lastYear = await ctx.request({
        method: 'GET',
        url: '/api/statements/plays?from=2020-01-01&to=2020-12-31',
        token,
      });
      expect(lastYear.json().game).toEqual({ playsEarned: 0, playsUsed: 0, prizesWon: 0, pointsWon: 0 });
    } finally {
      await setSetting(ctx.app, 'gamePrizeTable', SETTING_DEFAULTS.gamePrizeTable);
    }
  });

  it('a play that fails after posting writes nothing, and its key can be retried', async () => {
    await setPool(ctx.app, 10_000);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 2, 'plays');
    await fund(ctx.app, member.id, 40);
    const key = newKey();
    // The draw row is written after the ledger postings: failing there fails mid-play.
    fault.insertInto = gameDraws;
    try {
      expect((await play(ctx, token, { cap: 5 }, key)).statusCode).toBe(500);
    } finally {
      fault.insertInto = null;
    }
    expect(await balancesOf(ctx.app, member.id)).toMatchObject({
      awardsPointsAvailable: 40,
      awardsPointsAvailable1: 2,
    });
    expect(await poolOf(ctx.app)).toBe(10_000);
    expect(await drawsOf(ctx.app, member.id)).toHaveLength(0);
    expect(await ctx.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    const retry = await play(ctx, token, { cap: 5 }, key);
    expect(retry.statusCode).toBe(200);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable1).toBe(1);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('draws are append-only', async () => {
    await expect(ctx.app.db.execute(sql`update game_draws set prize_points = 1000`)).rejects.toThrow();
    await expect(ctx.app.db.execute(sql`delete from game_draws`)).rejects.toThrow();
  });
});
