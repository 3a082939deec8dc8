import { expect } from 'vitest';
import type { TestContext } from './build-app.ts';
import { memberWithToken } from './factories.ts';
import { fund, send } from './ledger-factories.ts';
import { createCategory, createReward } from './rewards-factories.ts';

/**
 * What the rewards administration tests do: `json` requests, `admin` (a report administrator's
 * token) and `placedOrder`, an order a funded member has just placed for one item (a donation
 * of 120 Kudos unless `overrides` say otherwise).
 */
export function rewardsAdmin(ctx: TestContext) {
  const json = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: object) =>
    ctx.request({ method, url, token, payload });

  async function admin() {
    return (await memberWithToken(ctx, { isAdminReports: true })).token;
  }

  async function placedOrder(overrides: Parameters<typeof createReward>[2] = {}) {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { pointsCost: 120, fulfilment: 'donation', ...overrides });
    const { member, token } = await memberWithToken(ctx, { firstName: 'Queue', surname: 'Member' });
    await fund(ctx.app, member.id, 500);
    await json('PUT', `/api/rewards/basket/lines/${item.id}`, token, { quantity: 1 });
    const res = await send(ctx, '/api/rewards/checkout', token, {});
    expect(res.statusCode).toBe(200);
    return { member, token, item, orderId: res.json().orderId as number };
  }

  return { json, admin, placedOrder };
}
