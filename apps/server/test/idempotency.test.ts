import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema/index.ts';
import { setupApp } from './build-app.ts';
import { createMember, memberWithToken } from './factories.ts';
import { balancesOf, fund, newKey, send } from './ledger-factories.ts';

const ctx = setupApp();
const URL = '/api/payitforward/send';

describe('Idempotency-Key', () => {
  it('answers 409 while the first request with the key is still in flight', async () => {
    const { member, token } = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    await fund(ctx.app, member.id, 10);
    const key = newKey();
    const payload = { toMemberId: other.id, points: 1, message: 'In flight' };
    // The claim as the first request leaves it, before its answer is stored.
    const { createHash } = await import('node:crypto');
    const requestHash = createHash('sha256')
      .update(`payitforward.send\n${JSON.stringify(payload)}`)
      .digest('hex');
    await ctx.app.db
      .insert(idempotencyKeys)
      .values({ memberId: member.id, key, route: 'payitforward.send', requestHash });
    const res = await send(ctx, URL, token, payload, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This request is already being processed');
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(10);
  });

  it('keys are per member: another member may use the same key', async () => {
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    await fund(ctx.app, a.member.id, 10);
    await fund(ctx.app, b.member.id, 10);
    const key = newKey();
    expect((await send(ctx, URL, a.token, { toMemberId: other.id, points: 2, message: 'A' }, key)).statusCode).toBe(
      200,
    );
    expect((await send(ctx, URL, b.token, { toMemberId: other.id, points: 3, message: 'B' }, key)).statusCode).toBe(
      200,
    );
    expect((await balancesOf(ctx.app, other.id)).awardsPointsAvailable).toBe(5);
  });
});
