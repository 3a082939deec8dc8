import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { play, setPool } from '../support/game-factories.ts';
import { balancesOf, fund, kudosTo, send, setSetting } from '../support/ledger-factories.ts';

/**
 * The per-member send rate (docs/decisions/0003), counted ahead of the send's transaction (0049);
 * on PostgreSQL the refusal is raised inside the transaction, which went out whole (0053).
 */
const ctx = setupApp();

describe('send rate limit', () => {
  it('counts every send against the rate limit, a refused one too, and refuses past it with nothing moved', async () => {
    await setSetting(ctx.app, 'sendRateLimitPerMinute', 3);
    try {
      const { member, token } = await memberWithToken(ctx);
      const other = await createMember(ctx.app);
      await fund(ctx.app, member.id, 10);
      const pay = (points: number) =>
        send(ctx, '/api/payitforward/send', token, { toMemberId: other.id, points, message: 'Rate' });
      // The first is refused for funds (its transaction rolls back), yet it counts.
      const statuses = [(await pay(11)).statusCode, (await pay(1)).statusCode, (await pay(1)).statusCode];
      expect(statuses).toEqual([422, 200, 200]);
      const over = await pay(1);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe('You are going too quickly. Please wait a minute and try again.');
      // The refused send had the points: nothing of its transaction lasted, nor does the next one's.
      expect(
        (await send(ctx, '/api/payitforward/send', token, { toMemberId: other.id, points: 1, message: 'Again' }))
          .statusCode,
      ).toBe(429);
      expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(8);
      expect((await balancesOf(ctx.app, other.id)).awardsPointsAvailable).toBe(2);
      expect(await kudosTo(ctx.app, other.id)).toHaveLength(2);
    } finally {
      await setSetting(ctx.app, 'sendRateLimitPerMinute', 1_000_000);
    }
  });

  it('counts game plays with the sends: a member cannot flip caps faster than the limit', async () => {
    await setSetting(ctx.app, 'sendRateLimitPerMinute', 2);
    try {
      await setPool(ctx.app, 10_000);
      const { member, token } = await memberWithToken(ctx);
      await fund(ctx.app, member.id, 5, 'plays');
      expect([
        (await play(ctx, token, { cap: 1 })).statusCode,
        (await play(ctx, token, { cap: 2 })).statusCode,
      ]).toEqual([200, 200]);
      const over = await play(ctx, token, { cap: 3 });
      expect(over.statusCode).toBe(429);
      expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable1).toBe(3);
    } finally {
      await setSetting(ctx.app, 'sendRateLimitPerMinute', 1_000_000);
    }
  });
});
