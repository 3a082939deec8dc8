import { describe, expect, it } from 'vitest';
import { createMailDispatcher, queueEmail, type SendMail } from '../../src/core/mail/mailer.ts';
import type { TestContext } from '../support/build-app.ts';
import { createMember, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';
import { createBehaviour, newKey, relaxLimits, setSetting } from '../support/ledger-factories.ts';
import { setupTwoInstances } from '../support/two-instances.ts';

/**
 * Issue 15, "Several instances" (two-instances.ts), work counted once across both instances: the
 * failed sign-ins that pause an account, the per-IP and per-minute limits, and the mail queue
 * (each e-mail sent once while both dispatch).
 */
const { a, b } = setupTwoInstances();

describe('two app instances on one PostgreSQL', () => {
  it('pause an account after 10 failed sign-ins split between the two instances', async () => {
    const member = await createMember(a.app);
    for (let i = 0; i < 10; i++) {
      const ctx = i % 2 === 0 ? a : b;
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: 'wrong-password' },
        remoteAddress: `10.88.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    for (const ctx of [a, b]) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: TEST_PASSWORD },
        remoteAddress: '10.88.1.1',
      });
      expect(res.statusCode).toBe(429);
    }
  });

  it('count a per-IP limit once across both instances', async () => {
    // Reset requests: 10 per IP per hour. Six at A, then the rest at B once B has heard them.
    const ip = '10.89.0.1';
    const forgot = (ctx: TestContext, i: number) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/reset-request',
        payload: { email: `nobody${i}@instances.test` },
        remoteAddress: ip,
      });
    const heardAtB = new Promise<void>((resolve) => {
      let hits = 0;
      const stop = b.app.liveBus.subscribeNotices((n) => {
        if (n.type !== 'rate') return;
        hits += n.hits.filter(([name]) => name === 'auth:resetPerIp').length;
        if (hits >= 6) {
          stop();
          resolve();
        }
      });
    });
    for (let i = 0; i < 6; i++) expect((await forgot(a, i)).statusCode).toBe(200);
    await heardAtB;
    const atB = [];
    for (let i = 6; i < 12; i++) atB.push((await forgot(b, i)).statusCode);
    expect(atB).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('hold the per-minute send limit across both instances, exactly, for parallel sends too', async () => {
    await relaxLimits(a.app, [b.app]);
    await setSetting(a.app, 'sendRateLimitPerMinute', 3, [b.app]);
    const behaviour = await createBehaviour(a.app);
    const recipients = await Promise.all(Array.from({ length: 17 }, () => createMember(a.app)));
    const recognise = async (ctx: TestContext, sender: { token: string }, i: number) =>
      (
        await ctx.request({
          method: 'POST',
          url: '/api/recognition/send',
          token: sender.token,
          payload: { toMemberIds: [recipients[i]!.id], behaviourId: behaviour.id, message: 'Thank you' },
          headers: { 'idempotency-key': newKey() },
        })
      ).statusCode;
    const sender = await memberWithToken(a);
    expect(await recognise(a, sender, 0)).toBe(200);
    expect(await recognise(a, sender, 1)).toBe(200);
    expect(await recognise(b, sender, 2)).toBe(200);
    expect(await recognise(b, sender, 3)).toBe(429);
    // 13 at once, spread over both instances, against 10 a minute: exactly 10 are sent.
    await setSetting(a.app, 'sendRateLimitPerMinute', 10, [b.app]);
    const fast = await memberWithToken(a);
    const statuses = await Promise.all(
      Array.from({ length: 13 }, (_, i) => recognise(i % 2 === 0 ? a : b, fast, 4 + i)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    await relaxLimits(a.app, [b.app]);
  });

  it('send each queued e-mail once while both instances dispatch', async () => {
    const addresses = Array.from({ length: 30 }, (_, i) => `instances${i}@example.com`);
    for (const to of addresses)
      await queueEmail(a.app.db, a.app.log, { kind: 'test', to, subject: 'Hi', text: 'Body' });
    const delivered: string[] = [];
    const send: SendMail = async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (mail.to.startsWith('instances')) delivered.push(mail.to);
    };
    const dispatchers = [a.app, b.app].map((app) =>
      createMailDispatcher(app.db, app.log, send, { intervalMs: 3_600_000, publicUrl: 'http://localhost:3000' }),
    );
    try {
      await Promise.all(
        dispatchers.map(async (d) => {
          while ((await d.flush()) > 0);
        }),
      );
    } finally {
      await Promise.all(dispatchers.map((d) => d.stop()));
    }
    expect([...delivered].sort()).toEqual([...addresses].sort());
  });
});
