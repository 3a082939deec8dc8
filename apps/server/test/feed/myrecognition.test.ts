import { describe, expect, it } from 'vitest';
import { myRecognitionResponseSchema } from '@ovation/shared/schemas/statements';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createBehaviour, fund, relaxLimits, send } from '../support/ledger-factories.ts';

const ctx = setupApp();

describe('GET /api/myrecognition', () => {
  it('needs a session', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/myrecognition' })).statusCode).toBe(401);
  });

  it('lists what the member received and gave, by kind, with totals', async () => {
    await relaxLimits(ctx.app);
    const behaviour = await createBehaviour(ctx.app, 'Own It');
    const manager = await memberWithToken(ctx, { isManager: true, firstName: 'Boss', surname: 'Lady' });
    const me = await memberWithToken(ctx, { managerId: manager.member.id });
    const friend = await createMember(ctx.app, { firstName: 'Friend', surname: 'Ly' });
    await fund(ctx.app, manager.member.id, 500, 'team_budget');
    await fund(ctx.app, me.member.id, 100);
    await send(ctx, '/api/recognition/send', manager.token, {
      toMemberIds: [me.member.id],
      behaviourId: behaviour.id,
      message: 'A',
      points: 50,
    });
    await send(ctx, '/api/high5/send', manager.token, { toMemberId: me.member.id, message: 'B' });
    await send(ctx, '/api/payitforward/send', me.token, { toMemberId: friend.id, points: 20, message: 'C' });
    await send(ctx, '/api/high5/send', me.token, { toMemberId: friend.id, message: 'D' });

    const res = await ctx.request({ method: 'GET', url: '/api/myrecognition', token: me.token });
    expect(res.statusCode).toBe(200);
    const body = myRecognitionResponseSchema.parse(res.json());
    expect(body.received.map((i) => [i.kind, i.label, i.otherMemberName, i.points])).toEqual([
      ['high5', 'High Five', 'Boss Lady', 0],
      ['recognition', 'Own It', 'Boss Lady', 50],
    ]);
    expect(body.given.map((i) => [i.kind, i.label, i.otherMemberName, i.message])).toEqual([
      ['high5', 'High Five', 'Friend Ly', 'D'],
      ['payitforward', 'Pay It Forward', 'Friend Ly', 'C'],
    ]);
    expect(body.totals).toEqual({
      received: { recognition: 1, high5: 1, payitforward: 0, award: 0 },
      given: { recognition: 0, high5: 1, payitforward: 1, award: 0 },
      pointsReceived: 50,
      pointsGiven: 20,
    });
  });
});
