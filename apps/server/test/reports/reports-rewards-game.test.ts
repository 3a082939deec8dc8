import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { drawsOf, play, setPool } from '../support/game-factories.ts';
import { fund, send } from '../support/ledger-factories.ts';
import { codesFor, createCategory, createReward, putBasketLine } from '../support/rewards-factories.ts';

// Its own database: the orders and plays here would change the other report tests' totals.
const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });

type Table = { fields: string[]; rows: unknown[][]; total: number; totals?: Record<string, unknown> };
const records = (t: Table) => t.rows.map((row) => Object.fromEntries(t.fields.map((f, i) => [f, row[i]])));

describe('reports over rewards orders and Game Board plays', () => {
  it('lists a checkout on /reportredeemed and a play on /reportgameplays, with totals', async () => {
    const admin = await memberWithToken(ctx, { isAdminReports: true });
    const query = async (key: string, payload: object) => {
      const res = await ctx.request({ method: 'POST', url: `/api/reports/${key}/query`, token: admin.token, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Table;
    };
    const { member, token } = await memberWithToken(ctx, { firstName: 'Rita', surname: 'Redeemer' });
    await fund(ctx.app, member.id, 1000);
    await fund(ctx.app, member.id, 1, 'plays');
    const category = await createCategory(ctx.app);
    const voucher = await createReward(ctx.app, category.id, {
      name: 'Book Voucher',
      pointsCost: 120,
      codes: codesFor('BK', 3),
    });
    const line = await putBasketLine(ctx, token, voucher.id, 2);
    expect(line.statusCode).toBe(200);
    expect((await send(ctx, '/api/rewards/checkout', token, {})).statusCode).toBe(200);

    const redeemed = await query('reportredeemed', { filters: { search: 'Redeemer' } });
    expect(records(redeemed)).toEqual([
      expect.objectContaining({
        member: 'Rita Redeemer',
        items: '2 × Book Voucher',
        quantity: 2,
        points: 240,
        status: 'placed',
      }),
    ]);
    expect(redeemed.totals).toEqual({ pointsRedeemed: 240 });

    // A refunded order is listed with its status and left out of the total.
    const gift = await createReward(ctx.app, category.id, { name: 'Gift', pointsCost: 50, fulfilment: 'donation' });
    await putBasketLine(ctx, token, gift.id, 1);
    const { orderId } = (await send(ctx, '/api/rewards/checkout', token, {})).json();
    expect((await send(ctx, `/api/orders/${orderId}/cancel`, token, {})).statusCode).toBe(200);
    const withRefund = await query('reportredeemed', { filters: { search: 'Redeemer' } });
    expect(records(withRefund).map((r) => [r.points, r.status])).toEqual([
      [50, 'refunded'],
      [240, 'placed'],
    ]);
    expect(withRefund.totals).toEqual({ pointsRedeemed: 240 });

    await setPool(ctx.app, 1000);
    expect((await play(ctx, token, { cap: 3 })).statusCode).toBe(200);
    const [draw] = await drawsOf(ctx.app, member.id);
    const plays = await query('reportgameplays', { filters: { search: 'Redeemer' } });
    expect(records(plays)).toEqual([
      expect.objectContaining({ member: 'Rita Redeemer', prize: draw!.prizeLabel, pointsWon: draw!.prizePoints }),
    ]);
    expect(plays.totals).toMatchObject({ pointsWon: draw!.prizePoints });
  });
});

describe('the birthdays report and hidden celebrations (POPIA)', () => {
  it('leaves out a member who hid their birthday and anniversary', async () => {
    const admin = await memberWithToken(ctx, { isAdminReports: true });
    const shown = await memberWithToken(ctx, { employeeNumber: 'HIDE01', birthDate: '1990-03-15' });
    const hidden = await memberWithToken(ctx, { employeeNumber: 'HIDE02', birthDate: '1991-03-15' });
    const current = await ctx.request({ method: 'GET', url: '/api/profile/preferences', token: hidden.token });
    expect(current.statusCode).toBe(200);
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/profile/preferences',
      token: hidden.token,
      payload: { ...(current.json() as object), hideCelebrations: true },
    });
    expect(saved.statusCode).toBe(200);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/reports/reportbirthdays/query',
      token: admin.token,
      payload: { filters: { from: '2026-03-01', to: '2026-03-31', search: 'HIDE0' } },
    });
    expect(res.statusCode).toBe(200);
    const table = res.json() as Table;
    expect(records(table).map((r) => r.employeeNumber)).toEqual([shown.member.employeeNumber]);
    expect(hidden.member.id).not.toBe(shown.member.id);
  });
});
