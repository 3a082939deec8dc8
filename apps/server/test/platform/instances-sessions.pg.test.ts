import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { InstanceNotice } from '../../src/core/live/instance-notices.ts';
import type { TestContext } from '../support/build-app.ts';
import { createMember, login, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';
import { openStream } from '../support/live-client.ts';
import { listening, setupTwoInstances } from '../support/two-instances.ts';

/**
 * Issue 15, "Several instances" (two-instances.ts), sessions: one revoked, or a password changed
 * or reset, on one instance is refused on the other too once its notice arrives, and the live
 * streams it held there end.
 */
const { a, b } = setupTwoInstances();

/** Resolves when `app` has heard a notice that `matches` from the other instance (or its own commit). */
function nextNotice(app: FastifyInstance, matches: (notice: InstanceNotice) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = app.liveBus.subscribeNotices((notice) => {
      if (!matches(notice)) return;
      stop();
      resolve();
    });
  });
}

const whoAmI = (ctx: TestContext, token: string) =>
  ctx.request({ method: 'POST', url: '/api/site/gethomedata', token, payload: {} });

describe('two app instances on one PostgreSQL', () => {
  it('refuse a session revoked on the other instance as soon as its notice arrives, and at once on the revoking one', async () => {
    const { token } = await memberWithToken(a);
    // Both instances have the session in their caches.
    expect((await whoAmI(a, token)).statusCode).toBe(200);
    expect((await whoAmI(b, token)).statusCode).toBe(200);

    const heardAtB = nextNotice(b.app, (n) => n.type === 'sessions');
    expect((await a.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBeLessThan(300);
    // The revoking instance: at once, no waiting.
    expect((await whoAmI(a, token)).statusCode).toBe(401);
    await heardAtB;
    expect((await whoAmI(b, token)).statusCode).toBe(401);
  });

  it('end a live stream on the other instance when its session is revoked', async () => {
    const { token } = await memberWithToken(a);
    await listening(b.app);
    const ticket = (await b.request({ method: 'POST', url: '/api/live/ticket', token })).json().ticket as string;
    const stream = await openStream((b.app.server.address() as AddressInfo).port, `/api/live/stream?ticket=${ticket}`);
    await stream.waitFor(': connected');

    expect((await a.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(204);
    const ended = await Promise.race([
      stream.ended.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 3000)),
    ]);
    expect(ended).toBe(true);
    expect(b.app.liveStreams.size).toBe(0);
  });

  it('refuse the other sessions on both instances after a password change, and keep the changing one', async () => {
    const member = await createMember(a.app);
    const here = await login(a, member.email!);
    const elsewhere = await login(b, member.email!);
    expect((await whoAmI(b, elsewhere)).statusCode).toBe(200);
    const heardAtB = nextNotice(b.app, (n) => n.type === 'sessions');
    const changed = await a.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: here,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'A-fresh-password-77' },
    });
    expect(changed.statusCode).toBe(200);
    await heardAtB;
    expect((await whoAmI(b, elsewhere)).statusCode).toBe(401);
    expect((await whoAmI(b, here)).statusCode).toBe(200);
    expect((await whoAmI(a, here)).statusCode).toBe(200);
  });

  it('sign every session of a member out on both instances after a password reset', async () => {
    const member = await createMember(a.app);
    const token = await login(a, member.email!);
    expect((await whoAmI(a, token)).statusCode).toBe(200);
    expect((await whoAmI(b, token)).statusCode).toBe(200);

    const heardAtA = nextNotice(a.app, (n) => n.type === 'sessions');
    expect(
      (await b.request({ method: 'POST', url: '/api/auth/reset-request', payload: { email: member.email } }))
        .statusCode,
    ).toBe(200);
    await b.app.backgroundWork.settled();
    const { rows } = await a.app.database.pool!.query<{ body_text: string }>(
      `select body_text from email_outbox where to_address = $1 and kind = 'password-reset' order by id desc limit 1`,
      [member.email],
    );
    const resetToken = /token=([^\s]+)/.exec(rows[0]!.body_text)![1]!;
    const reset = await b.request({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token: decodeURIComponent(resetToken), password: 'A-new-Passphrase-77' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await whoAmI(b, token)).statusCode).toBe(401);
    await heardAtA;
    expect((await whoAmI(a, token)).statusCode).toBe(401);
  });
});
