import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { SETTING_DEFAULTS } from '../../src/core/settings/settings.repository.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { drawsOf, play, poolOf, setPool } from '../support/game-factories.ts';
import {
  balancesOf,
  createBehaviour,
  fund,
  newKey,
  relaxLimits,
  send,
  setSetting,
} from '../support/ledger-factories.ts';

/** Real concurrency, so PostgreSQL only (PGlite runs one transaction at a time). */
describe('Game Board under concurrency (PostgreSQL)', () => {
  const ctx = setupApp();

  it('50 concurrent plays by a member with 10 plays: exactly 10 succeed, prizes equal the pool’s decrease', async () => {
    // The per-minute limit (plays count with sends) is not what this measures.
    await relaxLimits(ctx.app);
    await setPool(ctx.app, 100_000);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 10, 'plays');
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => play(ctx, token, { cap: (i % 12) + 1 })));
    const won = responses.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(40);
    for (const r of responses.filter((x) => x.statusCode === 422)) expect(r.json().message).toMatch(/no game plays/);
    const prizes = won.reduce((sum, r) => sum + (r.json().prize.points as number), 0);
    const balances = await balancesOf(ctx.app, member.id);
    expect(balances.awardsPointsAvailable1).toBe(0);
    expect(balances.awardsPointsAvailable).toBe(prizes);
    expect(await poolOf(ctx.app)).toBe(100_000 - prizes);
    const draws = await drawsOf(ctx.app, member.id);
    expect(draws).toHaveLength(10);
    expect(draws.reduce((sum, d) => sum + d.prizePoints, 0)).toBe(prizes);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('the same Idempotency-Key 30 times at once: one play', async () => {
    await setPool(ctx.app, 100_000);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 5, 'plays');
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 30 }, () => play(ctx, token, { cap: 6 }, key)));
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(new Set(ok.map((r) => r.body)).size).toBe(1);
    expect(await drawsOf(ctx.app, member.id)).toHaveLength(1);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable1).toBe(4);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('a pool of 5 Kudos never goes negative under concurrent plays by many members', async () => {
    await setSetting(ctx.app, 'gamePrizeTable', {
      version: 3,
      prizes: [
        { label: 'Better luck next time', points: 0, weight: 1 },
        { label: '5 Kudos', points: 5, weight: 2 },
        { label: '10 Kudos', points: 10, weight: 2 },
      ],
    });
    try {
      await setPool(ctx.app, 5);
      const players = await Promise.all(Array.from({ length: 8 }, () => memberWithToken(ctx)));
      for (const p of players) await fund(ctx.app, p.member.id, 5, 'plays');
      const responses = await Promise.all(
        players.flatMap((p) => Array.from({ length: 5 }, (_, i) => play(ctx, p.token, { cap: i + 1 }))),
      );
      const won = responses.filter((r) => r.statusCode === 200).map((r) => r.json().prize.points as number);
      const refused = responses.filter((r) => r.statusCode === 422);
      expect(won.length + refused.length).toBe(40);
      for (const r of refused) expect(r.json().message).toMatch(/prize pool is refilling/);
      expect(won).not.toContain(10);
      expect(won.filter((p) => p === 5).length).toBeLessThanOrEqual(1);
      const pool = await poolOf(ctx.app);
      expect(pool).toBeGreaterThanOrEqual(0);
      expect(5 - pool).toBe(won.reduce((a, b) => a + b, 0));
      let playsLeft = 0;
      for (const p of players) playsLeft += (await balancesOf(ctx.app, p.member.id)).awardsPointsAvailable1;
      expect(playsLeft).toBe(40 - won.length);
      expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
    } finally {
      await setSetting(ctx.app, 'gamePrizeTable', SETTING_DEFAULTS.gamePrizeTable);
    }
  });

  it('30 concurrent recognitions of one member against a daily cap of 10 plays: all sent, exactly 10 plays', async () => {
    await relaxLimits(ctx.app);
    const behaviour = await createBehaviour(ctx.app);
    const target = await createMember(ctx.app);
    const senders = await Promise.all(Array.from({ length: 30 }, () => memberWithToken(ctx)));
    const responses = await Promise.all(
      senders.map(({ token }) =>
        send(ctx, '/api/recognition/send', token, {
          toMemberIds: [target.id],
          behaviourId: behaviour.id,
          message: 'Go',
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 30 }, () => 200));
    expect(responses.filter((r) => /reached the most game plays/.test(r.json().message as string))).toHaveLength(20);
    expect((await balancesOf(ctx.app, target.id)).awardsPointsAvailable1).toBe(10);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });
});
