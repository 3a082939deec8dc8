import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { loadConfig } from '../src/config/env.ts';
import type { InstanceNotice } from '../src/modules/live/instance-notices.ts';
import { createMailDispatcher, queueEmail, type SendMail } from '../src/modules/mail/mailer.ts';
import { injector, setupApp, type TestContext } from './build-app.ts';
import { createMember, login, memberWithToken, TEST_PASSWORD } from './factories.ts';
import { createKudos } from './feed-factories.ts';
import { createBehaviour, fund, newKey, relaxLimits, send, setSetting } from './ledger-factories.ts';
import { openStream } from './live-client.ts';
import { ADDRESS, createCategory, createReward, putBasketLine, watchCatalogueNotices } from './rewards-factories.ts';

/**
 * Issue 15, "Several instances": two app instances, each with its own connection pool, on one
 * PostgreSQL database (PostgreSQL only: PGlite is one process). Both keep sessions in their
 * session caches (SESSION_CACHE_SECONDS 60) and feed pages in their caches, as in production.
 */
const SHARED = { SESSION_CACHE_SECONDS: 60, FEED_CACHE_SECONDS: 60, LIVE_SECRET: 'instances-test-secret' };
const a = setupApp(SHARED);
const b = {} as TestContext;
let secondDatabase: Database;

beforeAll(async () => {
  const url = a.app.database.pool!.options.connectionString!;
  secondDatabase = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 12 });
  const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...SHARED });
  b.app = await buildApp({ config, database: secondDatabase, closeDatabase: true, logger: false });
  await b.app.ready();
  b.request = injector(() => b.app);
});

afterAll(async () => {
  await b.app?.close();
});

/** A member reacts to (or withdraws from) a kudos item on one instance. */
const react = (ctx: TestContext, token: string, messageLogId: number, reactNum: number, withdraw = false) =>
  ctx.request({
    method: 'POST',
    url: '/api/shoutouts/ShoutOutReact',
    token,
    payload: { messageLogId, reactNum, isRedactReact: withdraw },
  });

/** Reads until `done` holds (another instance applies what it hears within milliseconds), or 2 s. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

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

/** Listens on a free port unless already listening (tests share the two instances). */
async function listening(app: FastifyInstance) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
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
    await relaxLimits(a.app);
    await setSetting(a.app, 'sendRateLimitPerMinute', 3);
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
    await setSetting(a.app, 'sendRateLimitPerMinute', 10);
    const fast = await memberWithToken(a);
    const statuses = await Promise.all(
      Array.from({ length: 13 }, (_, i) => recognise(i % 2 === 0 ? a : b, fast, 4 + i)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    await relaxLimits(a.app);
  });

  it('deliver live feed events to open streams on both instances, and update both feed caches', async () => {
    const { token, member } = await memberWithToken(a);
    const item = await createKudos(a.app, member.id, member.id);
    a.app.liveBus.publishKudosCreated(item.id);
    await listening(a.app);
    await listening(b.app);
    const port = (app: FastifyInstance) => (app.server.address() as { port: number }).port;
    const ticket = async (ctx: TestContext) =>
      (await ctx.request({ method: 'POST', url: '/api/live/ticket', token })).json().ticket as string;
    const list = async (ctx: TestContext) =>
      (await ctx.request({ method: 'POST', url: '/api/shoutouts/ShoutOutList', token, payload: { page: 1 } })).json();
    // Both instances cache page 1 with the item unliked.
    const likeCountOf = (page: { shoutOuts: { fields: string[]; rows: unknown[][] } }) => {
      const row = page.shoutOuts.rows.find((r) => r[page.shoutOuts.fields.indexOf('messageLogId')] === item.id)!;
      return row[page.shoutOuts.fields.indexOf('likeCount')];
    };
    expect(likeCountOf(await list(a))).toBe(0);
    expect(likeCountOf(await list(b))).toBe(0);

    const atA = await openStream(port(a.app), `/api/live/stream?ticket=${await ticket(a)}`);
    const atB = await openStream(port(b.app), `/api/live/stream?ticket=${await ticket(b)}`);
    await Promise.all([atA.waitFor(': connected'), atB.waitFor(': connected')]);
    expect((await react(a, token, item.id, 1)).statusCode).toBe(200);
    const event = `event: reaction\ndata: {"messageLogId":${item.id},"likeCount":1,"cheerCount":0,"supportCount":0}\n\n`;
    await Promise.all([atA.waitFor(event), atB.waitFor(event)]);
    atA.close();
    atB.close();
    // The reacting instance shows it at once; the other once it has read the item again.
    expect(likeCountOf(await list(a))).toBe(1);
    expect(
      await eventually(
        async () => likeCountOf(await list(b)),
        (n) => n === 1,
      ),
    ).toBe(1);
  });

  it('show a member’s own reaction flag on the other instance’s cached pages, to that member alone (decision 0048)', async () => {
    const reacting = await memberWithToken(a);
    const other = await memberWithToken(b);
    const item = await createKudos(a.app, other.member.id, reacting.member.id);
    a.app.liveBus.publishKudosCreated(item.id);
    const flagsAt = async (ctx: TestContext, token: string) => {
      const { shoutOuts } = (
        await ctx.request({ method: 'POST', url: '/api/shoutouts/ShoutOutList', token, payload: { page: 1 } })
      ).json() as { shoutOuts: { fields: string[]; rows: unknown[][] } };
      const row = shoutOuts.rows.find((r) => r[shoutOuts.fields.indexOf('messageLogId')] === item.id)!;
      return {
        cheerCount: row[shoutOuts.fields.indexOf('cheerCount')],
        userCheered: row[shoutOuts.fields.indexOf('userCheered')],
      };
    };
    // B hears of the new item through the relay; wait until its page 1 holds it, uncheered.
    const heldAtB = await eventually(
      () => flagsAt(b, reacting.token).catch(() => undefined),
      (flags) => flags !== undefined,
    );
    expect(heldAtB).toEqual({ cheerCount: 0, userCheered: false });
    expect(await flagsAt(b, other.token)).toEqual({ cheerCount: 0, userCheered: false });

    expect((await react(a, reacting.token, item.id, 2)).statusCode).toBe(200);
    // The reacting instance at once; the other once it has read the item (and who reacted) again.
    expect(await flagsAt(a, reacting.token)).toEqual({ cheerCount: 1, userCheered: true });
    const cheeredAtB = await eventually(
      () => flagsAt(b, reacting.token),
      (flags) => flags.cheerCount === 1,
    );
    expect(cheeredAtB).toEqual({ cheerCount: 1, userCheered: true });
    expect(await flagsAt(b, other.token)).toEqual({ cheerCount: 1, userCheered: false });

    // Withdrawn on B: both instances' pages lose the flag.
    expect((await react(b, reacting.token, item.id, 2, true)).statusCode).toBe(200);
    expect(await flagsAt(b, reacting.token)).toEqual({ cheerCount: 0, userCheered: false });
    const withdrawnAtA = await eventually(
      () => flagsAt(a, reacting.token),
      (flags) => flags.cheerCount === 0,
    );
    expect(withdrawnAtA).toEqual({ cheerCount: 0, userCheered: false });
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

  it('drop the rewards catalogue on both instances when it changes on either: an edit, a checkout, a fix in SQL', async () => {
    const category = await createCategory(a.app, 'Instances Shelf');
    const item = await createReward(a.app, category.id, { name: 'Shelf Lamp', pointsCost: 40, stockLeft: 5 });
    // heardAll: every change committed so far has reached that instance (notices arrive in commit order).
    const atA = watchCatalogueNotices(a.app);
    const atB = watchCatalogueNotices(b.app);
    await Promise.all([atA.heardAll(), atB.heardAll()]);
    const { member, token } = await memberWithToken(a, { firstName: 'Shelf' });
    await fund(a.app, member.id, 500);
    const shelf = async (ctx: TestContext) =>
      (await ctx.request({ method: 'GET', url: `/api/rewards/catalogue?category=${category.slug}`, token })).json()
        .items as { name: string; stockLeft: number | null }[];
    // Both instances hold the catalogue now.
    expect(await shelf(a)).toMatchObject([{ name: 'Shelf Lamp', stockLeft: 5 }]);
    expect(await shelf(b)).toMatchObject([{ name: 'Shelf Lamp', stockLeft: 5 }]);

    const { token: admin } = await memberWithToken(a, { isAdminReports: true });
    const edited = await a.request({
      method: 'PUT',
      url: `/api/admin/rewards/items/${item.id}`,
      token: admin,
      payload: {
        category: category.slug,
        name: 'Shelf Light',
        pointsCost: 45,
        randValue: 10_000,
        fulfilment: 'delivery',
        stockLeft: 5,
        memberLimit: null,
        active: true,
      },
    });
    expect(edited.statusCode).toBe(200);
    // The editing instance at once; the other once the database's notice has arrived.
    expect(await shelf(a)).toMatchObject([{ name: 'Shelf Light', stockLeft: 5 }]);
    await atB.heardAll();
    expect(await shelf(b)).toMatchObject([{ name: 'Shelf Light', stockLeft: 5 }]);

    const put = await putBasketLine(b, token, item.id, 2);
    expect(put.statusCode).toBe(200);
    expect((await send(b, '/api/rewards/checkout', token, { address: ADDRESS })).statusCode).toBe(200);
    expect(await shelf(b)).toMatchObject([{ stockLeft: 3 }]);
    await atA.heardAll();
    expect(await shelf(a)).toMatchObject([{ stockLeft: 3 }]);

    // A change no app code made (a hand-made fix) reaches both through the database's own notice.
    await a.app.db.execute(sql`update rewards set name = 'Shelf Lantern' where id = ${item.id}`);
    await Promise.all([atA.heardAll(), atB.heardAll()]);
    expect(await shelf(a)).toMatchObject([{ name: 'Shelf Lantern' }]);
    expect(await shelf(b)).toMatchObject([{ name: 'Shelf Lantern' }]);
  });
});
