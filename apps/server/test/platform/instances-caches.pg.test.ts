import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { createKudos } from '../support/feed-factories.ts';
import { fund, send, settingsNoticeHeard } from '../support/ledger-factories.ts';
import { openStream } from '../support/live-client.ts';
import {
  ADDRESS,
  createCategory,
  createReward,
  putBasketLine,
  watchCatalogueNotices,
} from '../support/rewards-factories.ts';
import { listening, setupTwoInstances } from '../support/two-instances.ts';

/**
 * Issue 15, "Several instances" (two-instances.ts), what members see: a change on one instance
 * reaches the other's open live streams, its cached feed pages (counts, and each member's own
 * reaction flags) and its rewards catalogue.
 */
const { a, b } = setupTwoInstances();

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

describe('two app instances on one PostgreSQL', () => {
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

  it('drop the programme settings on both instances when they change, even by hand in SQL', async () => {
    const { token } = await memberWithToken(a);
    const title = async (ctx: TestContext) =>
      (await ctx.request({ method: 'POST', url: '/api/spa/loadsession', token, payload: {} })).json().clientTitle;
    // Both instances hold the settings now.
    expect(await title(a)).toBe(await title(b));
    const heard = [settingsNoticeHeard(a.app), settingsNoticeHeard(b.app)];
    await a.app.db.execute(
      sql`insert into settings (key, value) values ('clientTitle', '"Acme Mining"')
          on conflict (key) do update set value = excluded.value`,
    );
    await Promise.all(heard);
    expect(await title(a)).toBe('Acme Mining');
    expect(await title(b)).toBe('Acme Mining');
    const gone = [settingsNoticeHeard(a.app), settingsNoticeHeard(b.app)];
    await b.app.db.execute(sql`delete from settings where key = 'clientTitle'`);
    await Promise.all(gone);
    expect(await title(a)).toBe('Ovation');
    expect(await title(b)).toBe('Ovation');
  });
});
