import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { balancesOf, emailsTo, fund, kudosTo, send } from '../support/ledger-factories.ts';

const ctx = setupApp();
const URL = '/api/high5/send';

describe('POST /api/high5/send', () => {
  it('needs a session', async () => {
    expect((await send(ctx, URL, undefined, {})).statusCode).toBe(401);
  });

  it('validates the body', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await send(ctx, URL, token, { message: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['message', 'toMemberId']);
  });

  it('refuses oneself and unknown colleagues (400)', async () => {
    const { member, token } = await memberWithToken(ctx);
    expect(
      (await send(ctx, URL, token, { toMemberId: member.id, message: 'Me' })).json().errors.toMemberId,
    ).toBeDefined();
    expect((await send(ctx, URL, token, { toMemberId: 987_654, message: 'Who' })).statusCode).toBe(400);
  });

  it('is open to members outside South Africa and moves no points', async () => {
    const { member, token } = await memberWithToken(ctx, { country: 'Kenya', firstName: 'Wanjiru', surname: 'K' });
    await fund(ctx.app, member.id, 10);
    const other = await createMember(ctx.app);
    const res = await send(ctx, URL, token, { toMemberId: other.id, message: 'You rock' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messageLogIds).toHaveLength(1);
    expect((await kudosTo(ctx.app, other.id))[0]).toMatchObject({
      kind: 'high5',
      points: 0,
      behaviourId: null,
      message: 'You rock',
    });
    expect(await balancesOf(ctx.app, other.id)).toEqual({
      awardsPointsAvailable: 0,
      awardsPointsAvailable1: 0,
      awardsPointsAvailableMng: 0,
    });
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(10);
    expect((await emailsTo(ctx.app, other.email!))[0]?.subject).toBe('Wanjiru K sent you a High Five');
  });
});
