import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { LiveBus } from '../../src/core/live/live-bus.ts';
import { LiveStreams } from '../../src/core/live/live-streams.ts';
import { issueLiveTicket, verifyLiveTicket } from '../../src/core/live/live-tickets.ts';
import { memberWithToken } from '../support/factories.ts';
import { createKudos } from '../support/feed-factories.ts';
import { listenForStreams, openStream, setupLiveApp } from '../support/live-client.ts';
import { notificationEvent } from '../../src/core/bell/notify.ts';
import { uploadCreditEvents } from '../../src/modules/uploads/notify-upload-credits.ts';

/** Live tickets and the event stream. Across instances: live-instances.test.ts; revoked sessions: live-revoked.test.ts. */
const { ctx, ticketFor } = setupLiveApp();

let port = 0;
beforeAll(async () => {
  port = await listenForStreams(ctx.app);
});

describe('POST /api/live/ticket', () => {
  it('needs a session', async () => {
    expect((await ctx.request({ method: 'POST', url: '/api/live/ticket' })).statusCode).toBe(401);
  });

  it('issues a signed ticket for the member that expires after 60 seconds', async () => {
    const secret = Buffer.from('s3cret');
    const ticket = issueLiveTicket(secret, { memberId: 42, sessionId: 7 }, 1_000_000);
    expect(verifyLiveTicket(secret, ticket, 1_000_000 + 59_000)).toEqual({ memberId: 42, sessionId: 7 });
    expect(verifyLiveTicket(secret, ticket, 1_000_000 + 61_000)).toBeNull();
    expect(verifyLiveTicket(Buffer.from('other'), ticket, 1_000_000)).toBeNull();
    expect(verifyLiveTicket(secret, ticket.replace(/^42\./, '43.'), 1_000_000)).toBeNull();
    expect(verifyLiveTicket(secret, ticket.replace(/^42\.7\./, '42.8.'), 1_000_000)).toBeNull();
  });
});

describe('GET /api/live/stream', () => {
  it('answers 400 without a ticket and 401 for a bad one', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/live/stream' })).statusCode).toBe(400);
    const bad = await ctx.request({ method: 'GET', url: '/api/live/stream?ticket=1.99999999999.abc' });
    expect(bad.statusCode).toBe(401);
  });

  it('streams new kudos and reaction counts as server-sent events', async () => {
    const { member, token } = await memberWithToken(ctx);
    const stream = await openStream(port, `/api/live/stream?ticket=${await ticketFor(token)}`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    await stream.waitFor(': connected');

    const item = await createKudos(ctx.app, member.id, member.id);
    ctx.app.liveBus.publishKudosCreated(item.id);
    await stream.waitFor(`event: kudos\ndata: {"messageLogId":${item.id}}\n\n`);

    await ctx.request({
      method: 'POST',
      url: '/api/shoutouts/ShoutOutReact',
      payload: { messageLogId: item.id, reactNum: 2, isRedactReact: false },
      token,
    });
    await stream.waitFor(
      `event: reaction\ndata: {"messageLogId":${item.id},"likeCount":0,"cheerCount":1,"supportCount":0}\n\n`,
    );
    stream.close();
    await stream.ended;
  });

  it('tells a notification only to the members it names (one or many)', async () => {
    const named = await memberWithToken(ctx);
    const other = await memberWithToken(ctx);
    const mine = await openStream(port, `/api/live/stream?ticket=${await ticketFor(named.token)}`);
    const theirs = await openStream(port, `/api/live/stream?ticket=${await ticketFor(other.token)}`);
    await Promise.all([mine.waitFor(': connected'), theirs.waitFor(': connected')]);
    // A points upload's credits name many members in one event.
    for (const event of uploadCreditEvents([named.member.id - 1, named.member.id])) ctx.app.liveBus.publish(event);
    await mine.waitFor('event: notification\ndata: {}\n\n');
    // The other member's stream hears only what names them: this event, and nothing before it.
    ctx.app.liveBus.publish(notificationEvent(other.member.id));
    await theirs.waitFor('event: notification');
    expect(theirs.text().match(/event: notification/g)).toHaveLength(1);
    expect(mine.text().match(/event: notification/g)).toHaveLength(1);
    mine.close();
    theirs.close();
  });

  it('marks a notice that changed only the bell (a reaction, notices read) as bellOnly (decision 0101)', async () => {
    const recipient = await memberWithToken(ctx);
    const reactor = await memberWithToken(ctx);
    const stream = await openStream(port, `/api/live/stream?ticket=${await ticketFor(recipient.token)}`);
    await stream.waitFor(': connected');
    const item = await createKudos(ctx.app, reactor.member.id, recipient.member.id);
    const reacted = await ctx.request({
      method: 'POST',
      url: '/api/shoutouts/ShoutOutReact',
      payload: { messageLogId: item.id, reactNum: 1, isRedactReact: false },
      token: reactor.token,
    });
    expect(reacted.statusCode).toBe(200);
    await stream.waitFor('event: notification\ndata: {"bellOnly":true}\n\n');
    const read = await ctx.request({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { all: true },
      token: recipient.token,
    });
    expect(read.statusCode).toBe(200);
    // A credit's notice carries no flag: browsers read balances again. Events keep their order.
    ctx.app.liveBus.publish(notificationEvent(recipient.member.id));
    await stream.waitFor('event: notification\ndata: {}\n\n');
    expect(stream.text().match(/event: notification\ndata: \{"bellOnly":true\}/g)).toHaveLength(2);
    stream.close();
  });

  it('splits a large upload’s members over events of 500, each under NOTIFY’s 8,000 bytes', () => {
    const ids = Array.from({ length: 1201 }, (_, i) => 1_000_000 + i);
    const events = uploadCreditEvents(ids);
    expect(events.map((e) => ('forMemberIds' in e ? e.forMemberIds.length : 0))).toEqual([500, 500, 201]);
    expect(events.flatMap((e) => ('forMemberIds' in e ? e.forMemberIds : []))).toEqual(ids);
    for (const event of events) expect(JSON.stringify({ origin: randomUUID(), event }).length).toBeLessThan(8000);
    expect(uploadCreditEvents([])).toEqual([]);
  });

  it('sends a heartbeat comment to idle streams', async () => {
    const written: string[] = [];
    const fake = {
      writableEnded: false,
      destroyed: false,
      writableLength: 0,
      write: (chunk: string) => written.push(chunk),
      end: () => undefined,
      on: () => undefined,
    } as unknown as ServerResponse;
    const streams = new LiveStreams(new LiveBus(), 20);
    streams.add(fake, { memberId: 1, sessionId: 1 });
    await new Promise((r) => setTimeout(r, 70));
    streams.closeAll();
    expect(written.filter((c) => c === ': heartbeat\n\n').length).toBeGreaterThanOrEqual(2);
  });
});
