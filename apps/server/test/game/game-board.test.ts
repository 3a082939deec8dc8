import { describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '../../src/core/settings/settings.repository.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { setPool } from '../support/game-factories.ts';
import { fund, setSetting } from '../support/ledger-factories.ts';

/** The Game Board as a member sees it (issue 10): plays, caps, the prize table and the pool. */
const ctx = setupApp();
const board = (token?: string) => ctx.request({ method: 'GET', url: '/api/game/board', token });

describe('GET /api/game/board', () => {
  it('needs a session (401) and South Africa (403)', async () => {
    expect((await board()).statusCode).toBe(401);
    const { token } = await memberWithToken(ctx, { country: 'Kenya' });
    const res = await board(token);
    expect(res.statusCode).toBe(403);
  });

  it('shows plays left, the caps and the prize table with odds from programme settings', async () => {
    await setPool(ctx.app, 10_000);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 3, 'plays');
    const res = await board(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      playsAvailable: 3,
      caps: 12,
      prizes: [
        { label: 'Better luck next time', points: 0, odds: 0.5, inDraw: true },
        { label: '5 Kudos', points: 5, odds: 0.25, inDraw: true },
        { label: '10 Kudos', points: 10, odds: 0.15, inDraw: true },
        { label: '25 Kudos', points: 25, odds: 0.07, inDraw: true },
        { label: '100 Kudos', points: 100, odds: 0.03, inDraw: true },
      ],
      poolEmpty: false,
      playsPerRecognition: 1,
      playsDailyCap: 10,
    });
  });

  it('follows a changed table, cap count and plays per recognition', async () => {
    await setSetting(ctx.app, 'gamePrizeTable', {
      version: 2,
      prizes: [
        { label: 'Nothing', points: 0, weight: 3 },
        { label: '50 Kudos', points: 50, weight: 1 },
      ],
    });
    await setSetting(ctx.app, 'gameBoardCaps', 9);
    await setSetting(ctx.app, 'playsPerRecognition', 2);
    const { token } = await memberWithToken(ctx);
    const body = (await board(token)).json();
    expect(body).toMatchObject({ playsAvailable: 0, caps: 9, playsPerRecognition: 2 });
    expect(body.prizes).toEqual([
      { label: 'Nothing', points: 0, odds: 0.75, inDraw: true },
      { label: '50 Kudos', points: 50, odds: 0.25, inDraw: true },
    ]);
    await setSetting(ctx.app, 'gamePrizeTable', SETTING_DEFAULTS.gamePrizeTable);
    await setSetting(ctx.app, 'gameBoardCaps', 12);
    await setSetting(ctx.app, 'playsPerRecognition', 1);
  });

  it('says the pool is empty when it cannot cover the smallest prize', async () => {
    const { token } = await memberWithToken(ctx);
    await setPool(ctx.app, 4);
    expect((await board(token)).json().poolEmpty).toBe(true);
    await setPool(ctx.app, 5);
    const low = (await board(token)).json();
    expect(low.poolEmpty).toBe(false);
    // Only nothing and 5 Kudos can be paid: the table shows the draw as it is now.
    expect(low.prizes.map((p: { inDraw: boolean; odds: number }) => [p.inDraw, p.odds])).toEqual([
      [true, 0.5 / 0.75],
      [true, 0.25 / 0.75],
      [false, 0],
      [false, 0],
      [false, 0],
    ]);
  });
});
