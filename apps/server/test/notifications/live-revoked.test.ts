import { beforeAll, describe, expect, it } from 'vitest';
import { login, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';
import { listenForStreams, openStream, setupLiveApp } from '../support/live-client.ts';

/** A revoked session's live streams end, and its tickets open none (docs/decisions/0032). */
const { ctx, ticketFor } = setupLiveApp();

let port = 0;
beforeAll(async () => {
  port = await listenForStreams(ctx.app);
});

describe('a revoked session', () => {
  const ended = (stream: { ended: Promise<void> }, ms = 3000) =>
    Promise.race([stream.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  it('ends the live streams opened with it when the member signs out', async () => {
    const { token } = await memberWithToken(ctx);
    const stream = await openStream(port, `/api/live/stream?ticket=${await ticketFor(token)}`);
    await stream.waitFor(': connected');
    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(204);
    expect(await ended(stream)).toBe(true);
  });

  it("ends the other sessions' streams on a password change, and keeps the changing session's", async () => {
    const { member, token: here } = await memberWithToken(ctx);
    const elsewhere = await login(ctx, member.email!);
    const kept = await openStream(port, `/api/live/stream?ticket=${await ticketFor(here)}`);
    const other = await openStream(port, `/api/live/stream?ticket=${await ticketFor(elsewhere)}`);
    await kept.waitFor(': connected');
    await other.waitFor(': connected');
    const changed = await ctx.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: here,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'A-fresh-password-77' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await ended(other)).toBe(true);
    expect(await ended(kept, 300)).toBe(false);
    kept.close();
  });

  it('cannot open a stream with a ticket issued before it was revoked', async () => {
    const { token } = await memberWithToken(ctx);
    const ticket = await ticketFor(token);
    await ctx.request({ method: 'POST', url: '/api/auth/logout', token });
    const stream = await openStream(port, `/api/live/stream?ticket=${ticket}`);
    expect(stream.status).toBe(401);
    await stream.ended;
  });
});
