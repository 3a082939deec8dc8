import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { balancesOf, fund, kudosTo, newKey, relaxLimits, send } from '../support/ledger-factories.ts';

/** Real concurrency, so PostgreSQL only (*.pg.test.ts): PGlite runs one transaction at a time. */
const ctx = setupApp();
const URL = '/api/payitforward/send';

describe('Idempotency-Key under concurrency', () => {
  /** Real concurrency: PostgreSQL only (PGlite runs one transaction at a time). */
  it('the same key sent 50 times at once moves points once', async () => {
    await relaxLimits(ctx.app);
    const { member, token } = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    await fund(ctx.app, member.id, 1000);
    const key = newKey();
    const payload = { toMemberId: other.id, points: 7, message: 'Exactly once' };
    const responses = await Promise.all(Array.from({ length: 50 }, () => send(ctx, URL, token, payload, key)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(993);
    expect((await balancesOf(ctx.app, other.id)).awardsPointsAvailable).toBe(7);
    expect(await kudosTo(ctx.app, other.id)).toHaveLength(1);
    // Once answered, every retry replays the first answer.
    const replay = await send(ctx, URL, token, payload, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().messageLogIds).toEqual(responses.find((r) => r.statusCode === 200)!.json().messageLogIds);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });
});
