import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { drawsOf, play, setPool } from '../support/game-factories.ts';
import {
  balancesOf,
  createBehaviour,
  fund,
  newKey,
  relaxLimits,
  send,
  setSetting,
} from '../support/ledger-factories.ts';

/**
 * Kudos sends and game plays store their answer as the database builds it, with COMMIT (decision 0052): what
 * is stored for the Idempotency-Key — and so what a retry replays — is exactly what the first
 * request answered, item ids, confirmation and balances after included.
 */
const ctx = setupApp();

async function sendTwice(url: string, token: string, payload: object, memberId: number) {
  const key = newKey();
  const first = await send(ctx, url, token, payload, key);
  expect(`${first.statusCode} ${first.body}`).toMatch(/^200 /);
  const [stored] = await ctx.app.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
  const again = await send(ctx, url, token, payload, key);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.json()).toEqual(first.json());
  expect(stored!.responseBody).toEqual(first.json());
  return first.json() as { messageLogIds: number[]; message: string; balances: Record<string, number> };
}

describe('the stored answer of a kudos send', () => {
  it('is the Pay It Forward’s answer: the item, the thanks and the sender’s balances after', async () => {
    await relaxLimits(ctx.app);
    const { member, token } = await memberWithToken(ctx);
    const colleague = await createMember(ctx.app, { firstName: 'Zanele', surname: 'Stored' });
    await fund(ctx.app, member.id, 25);
    const body = await sendTwice(
      '/api/payitforward/send',
      token,
      { toMemberId: colleague.id, points: 7, message: 'For the coffee “and” the help' },
      member.id,
    );
    expect(body.messageLogIds).toHaveLength(1);
    expect(body.message).toBe('You paid forward 7 Kudos to Zanele Stored. Thank you!');
    expect(body.balances).toEqual(await balancesOf(ctx.app, member.id));
    expect(body.balances.awardsPointsAvailable).toBe(18);
  });

  it('is the High Five’s answer when nothing is posted: the balances are read, not posted', async () => {
    const { member, token } = await memberWithToken(ctx);
    const colleague = await createMember(ctx.app);
    await fund(ctx.app, member.id, 3);
    await fund(ctx.app, member.id, 2, 'plays');
    const body = await sendTwice(
      '/api/high5/send',
      token,
      { toMemberId: colleague.id, message: 'High five' },
      member.id,
    );
    expect(body.messageLogIds).toHaveLength(1);
    expect(body.balances).toEqual({ awardsPointsAvailable: 3, awardsPointsAvailable1: 2, awardsPointsAvailableMng: 0 });
  });

  it('is a manager’s recognition of two, with points and the plays cap named in the thanks', async () => {
    await setSetting(ctx.app, 'playsDailyCap', 0);
    try {
      const behaviour = await createBehaviour(ctx.app);
      const manager = await memberWithToken(ctx, { isManager: true });
      const team = [
        await createMember(ctx.app, { managerId: manager.member.id, firstName: 'Ama', surname: 'One' }),
        await createMember(ctx.app, { managerId: manager.member.id, firstName: 'Bo', surname: 'Two' }),
      ];
      await fund(ctx.app, manager.member.id, 100, 'team_budget');
      const body = await sendTwice(
        '/api/recognition/send',
        manager.token,
        { toMemberIds: team.map((m) => m.id), behaviourId: behaviour.id, message: 'Great work', points: 15 },
        manager.member.id,
      );
      expect(body.messageLogIds).toHaveLength(2);
      expect(body.messageLogIds[0]).toBeLessThan(body.messageLogIds[1]!);
      expect(body.message).toMatch(/^Thank you! Your recognition of Ama One and Bo Two has been sent\. .*\(0\)\.$/);
      expect(body.balances.awardsPointsAvailableMng).toBe(70);
    } finally {
      await setSetting(ctx.app, 'playsDailyCap', 10);
    }
  });

  it('is a recognition where one of two reached the day’s plays: the other’s plays posted, one name in the thanks', async () => {
    await setSetting(ctx.app, 'playsDailyCap', 1);
    try {
      const behaviour = await createBehaviour(ctx.app);
      const { member, token } = await memberWithToken(ctx);
      const [capped, fresh] = [
        await createMember(ctx.app, { firstName: 'Cy', surname: 'Capped' }),
        await createMember(ctx.app, { firstName: 'Di', surname: 'Fresh' }),
      ];
      const other = await memberWithToken(ctx);
      const payload = { behaviourId: behaviour.id, message: 'Thanks' };
      expect(
        (await send(ctx, '/api/recognition/send', other.token, { ...payload, toMemberIds: [capped.id] })).statusCode,
      ).toBe(200);
      const body = await sendTwice(
        '/api/recognition/send',
        token,
        { ...payload, toMemberIds: [capped.id, fresh.id] },
        member.id,
      );
      expect(body.message).toBe(
        'Thank you! Your recognition of Cy Capped and Di Fresh has been sent. Cy Capped has reached the most game plays a member can earn in a day (1).',
      );
      expect((await balancesOf(ctx.app, capped.id)).awardsPointsAvailable1).toBe(1);
      expect((await balancesOf(ctx.app, fresh.id)).awardsPointsAvailable1).toBe(1);
    } finally {
      await setSetting(ctx.app, 'playsDailyCap', 10);
    }
  });

  it('is a recognition that moves nothing at all (no points, no plays left): the balances still answered', async () => {
    await setSetting(ctx.app, 'playsDailyCap', 0);
    try {
      const behaviour = await createBehaviour(ctx.app);
      const { member, token } = await memberWithToken(ctx);
      const colleague = await createMember(ctx.app);
      await fund(ctx.app, member.id, 4);
      const body = await sendTwice(
        '/api/recognition/send',
        token,
        { toMemberIds: [colleague.id], behaviourId: behaviour.id, message: 'Thanks' },
        member.id,
      );
      expect(body.messageLogIds).toHaveLength(1);
      expect(body.balances).toEqual({
        awardsPointsAvailable: 4,
        awardsPointsAvailable1: 0,
        awardsPointsAvailableMng: 0,
      });
      expect(await balancesOf(ctx.app, colleague.id)).toMatchObject({
        awardsPointsAvailable: 0,
        awardsPointsAvailable1: 0,
      });
    } finally {
      await setSetting(ctx.app, 'playsDailyCap', 10);
    }
  });

  it('is a game play’s answer: the draw’s id, its prize and the balances after (decision 0060)', async () => {
    await setPool(ctx.app, 10_000);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 2, 'plays');
    await fund(ctx.app, member.id, 5);
    const key = newKey();
    const first = await play(ctx, token, { cap: 4 }, key);
    expect(first.statusCode).toBe(200);
    const [stored] = await ctx.app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.memberId, member.id), eq(idempotencyKeys.key, key)));
    expect(stored!.responseBody).toEqual(first.json());
    const body = first.json() as { playId: number; prize: { label: string; points: number }; playsAvailable: number };
    const [draw] = await drawsOf(ctx.app, member.id);
    expect(body.playId).toBe(draw!.id);
    expect(body.prize).toEqual({ label: draw!.prizeLabel, points: draw!.prizePoints });
    expect(body.playsAvailable).toBe(1);
    expect(first.json().balances).toEqual(await balancesOf(ctx.app, member.id));
    expect(first.json().balances.awardsPointsAvailable).toBe(5 + draw!.prizePoints);
  });
});
