import type { TestContext } from './build-app.ts';
import { putBasketLine, shopper } from './rewards-factories.ts';

export const CHECKOUT = '/api/rewards/checkout';

/** A checkout test file's shortcuts: a line put in a basket, a member's GET, a shopper with points. */
export function checkoutHelpers(ctx: TestContext) {
  return {
    putLine: (token: string, rewardId: number, quantity: number) => putBasketLine(ctx, token, rewardId, quantity),
    get: (url: string, token?: string) => ctx.request({ method: 'GET', url, token }),
    shopper: (points: number, overrides = {}) => shopper(ctx, points, overrides),
  };
}
