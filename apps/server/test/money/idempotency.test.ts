import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { idempotencyKeys, members } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { balancesOf, fund, newKey, send } from '../support/ledger-factories.ts';

const ctx = setupApp();
const URL = '/api/payitforward/send';

/** A member with 10 points to pay forward, a colleague to pay, and a fresh key. */
async function senderColleagueAndKey() {
  const { member, token } = await memberWithToken(ctx);
  const other = await createMember(ctx.app);
  await fund(ctx.app, member.id, 10);
  return { member, token, other, key: newKey() };
}

describe('Idempotency-Key', () => {
  it('a claim left without an answer by a request that died does not hold the key: the retry runs at once', async () => {
    const { member, token, other, key } = await senderColleagueAndKey();
    const payload = { toMemberId: other.id, points: 1, message: 'Interrupted' };
    // What a request killed mid-send left behind (a committed claim, nothing else).
    const { createHash } = await import('node:crypto');
    const requestHash = createHash('sha256')
      .update(`payitforward.send\n${JSON.stringify(payload)}`)
      .digest('hex');
    await ctx.app.db
      .insert(idempotencyKeys)
      .values({ memberId: member.id, key, route: 'payitforward.send', requestHash });
    const res = await send(ctx, URL, token, payload, key);
    expect(res.statusCode).toBe(200);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(9);
    const replay = await send(ctx, URL, token, payload, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(res.json());
    expect((await balancesOf(ctx.app, other.id)).awardsPointsAvailable).toBe(1);
  });

  it('a business refusal is kept for replay; another key runs the corrected send', async () => {
    const { member, token, other, key } = await senderColleagueAndKey();
    const payload = { toMemberId: other.id, points: 2, message: 'Refused then sent' };
    // A business refusal is kept for replay (and stored outside the rolled-back work).
    const refused = await send(ctx, URL, token, { ...payload, points: 50 }, key);
    expect(refused.statusCode).toBe(422);
    const again = await send(ctx, URL, token, { ...payload, points: 50 }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(refused.json());
    const fresh = newKey();
    expect((await send(ctx, URL, token, payload, fresh)).statusCode).toBe(200);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(8);
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
  it('a retry refused before its transaction still replays the answer stored for the key, or 422 for another body', async () => {
    const { member, token, other, key } = await senderColleagueAndKey();
    const payload = { toMemberId: other.id, points: 3, message: 'Sent, then the colleague left' };
    const sent = await send(ctx, URL, token, payload, key);
    expect(sent.statusCode).toBe(200);
    // The recipient leaves: the same request would now be refused before any transaction.
    await ctx.app.db.update(members).set({ active: false }).where(eq(members.id, other.id));
    const retry = await send(ctx, URL, token, payload, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(sent.json());
    const otherBody = await send(ctx, URL, token, { ...payload, points: 4 }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().message).toBe('This Idempotency-Key was already used for a different request');
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(7);
  });
});
