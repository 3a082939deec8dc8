import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import {
  balancesOf,
  createBehaviour,
  emailsTo,
  fund,
  kudosTo,
  relaxLimits,
  send,
  setSetting,
} from '../support/ledger-factories.ts';

/**
 * PostgreSQL only (PGlite has no socket). A kudos send's ledger call, its items, its e-mails, the
 * stored answer and COMMIT leave the server in one write (decision 0052), so the row locks the
 * ledger takes — a team budget every recognition debits — are held only while the database
 * works, never across a round trip to the server. The checks refuse by raising (0053), so a Pay
 * It Forward sends its whole transaction, from the rate limit's count to COMMIT, in that write.
 */
const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });

/** Where the spied connections' writes go: one string per socket write, while a test records. */
let recording: string[] | null = null;

/** Counts a connection's socket writes (installed once per connection, when it is acquired). */
function spy(client: unknown) {
  const stream = (client as { connection: { stream: Record<string, unknown> } }).connection.stream;
  if (stream.spied) return;
  stream.spied = true;
  const write = stream._write as (chunk: Buffer, ...rest: unknown[]) => unknown;
  const writev = stream._writev as (chunks: { chunk: Buffer }[], ...rest: unknown[]) => unknown;
  stream._write = function (this: unknown, chunk: Buffer, ...rest: unknown[]) {
    recording?.push(chunk.toString('latin1'));
    return write.call(this, chunk, ...rest);
  };
  stream._writev = function (this: unknown, chunks: { chunk: Buffer }[], ...rest: unknown[]) {
    recording?.push(chunks.map((c) => c.chunk.toString('latin1')).join(''));
    return writev.call(this, chunks, ...rest);
  };
}

/** What the send runner's connections wrote while `work` ran. */
async function writesDuring(work: () => Promise<unknown>) {
  const pool = ctx.app.database.sendPool!;
  pool.on('acquire', spy);
  const writes: string[] = (recording = []);
  try {
    await work();
  } finally {
    recording = null;
    pool.off('acquire', spy);
  }
  return writes;
}

const carrying = (writes: string[], text: string) => writes.filter((w) => w.includes(text));

describe('a kudos send’s writes (PostgreSQL)', () => {
  it('Pay It Forward: the reads, then the whole transaction in one write', async () => {
    await relaxLimits(ctx.app);
    const { member, token } = await memberWithToken(ctx);
    const colleague = await createMember(ctx.app);
    await fund(ctx.app, member.id, 10);
    const writes = await writesDuring(async () => {
      const res = await send(ctx, '/api/payitforward/send', token, {
        toMemberId: colleague.id,
        points: 2,
        message: 'Hi',
      });
      expect(res.statusCode).toBe(200);
    });
    expect(writes).toHaveLength(2);
    const [, transaction] = writes;
    expect(carrying(writes, 'ledger_post')).toEqual([transaction]);
    const order = [
      'rate_limit_take_verdict',
      'begin',
      'send_rate_refuse',
      'idempotency_hold_answered',
      'send_pair_check',
      'send_daily_check',
      // The item and its e-mail go ahead of the posting and its locks (decision 0092).
      'kudos_insert_posted',
      'email_outbox_insert',
      'ledger_post',
      'idempotency_store',
      'commit',
    ];
    const at = order.map((text) => transaction!.indexOf(text));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('a refusal the database raises in that write leaves nothing: the pair limit, then the daily cap', async () => {
    await relaxLimits(ctx.app);
    await setSetting(ctx.app, 'pairDailyLimit', 1);
    await setSetting(ctx.app, 'payItForwardDailyCap', 5);
    try {
      const { member, token } = await memberWithToken(ctx);
      const [a, b] = [await createMember(ctx.app), await createMember(ctx.app)];
      await fund(ctx.app, member.id, 10);
      const pay = (to: number, points: number) =>
        send(ctx, '/api/payitforward/send', token, { toMemberId: to, points, message: 'Hi' });
      expect((await pay(a.id, 2)).statusCode).toBe(200);
      let refused!: Awaited<ReturnType<typeof pay>>;
      const writes = await writesDuring(async () => (refused = await pay(a.id, 2)));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toContain('kudos at most once a day');
      // Sent whole, COMMIT included, and rolled back by the raise.
      expect(writes).toHaveLength(2);
      expect(writes[1]).toContain('ledger_post');
      expect(writes[1]).toContain('commit');
      // Over the day's cap (2 given, 4 more asked): the count of the refused send did not last.
      const over = await pay(b.id, 4);
      expect(over.json().message).toContain('you can still give 3 Kudos today');
      expect((await pay(b.id, 3)).statusCode).toBe(200);
      expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(5);
      expect(await kudosTo(ctx.app, a.id)).toHaveLength(1);
      expect(await emailsTo(ctx.app, a.email!)).toHaveLength(1);
    } finally {
      await relaxLimits(ctx.app);
    }
  });

  it('a recognition with points: the team budget is debited in the same write as COMMIT', async () => {
    const behaviour = await createBehaviour(ctx.app);
    const manager = await memberWithToken(ctx, { isManager: true });
    const report = await createMember(ctx.app, { managerId: manager.member.id });
    await fund(ctx.app, manager.member.id, 50, 'team_budget');
    const writes = await writesDuring(async () => {
      const res = await send(ctx, '/api/recognition/send', manager.token, {
        toMemberIds: [report.id],
        behaviourId: behaviour.id,
        message: 'Thanks',
        points: 5,
      });
      expect(res.statusCode).toBe(200);
    });
    // Reads; the key, the pair count and the day's game plays (they decide the postings); the
    // rest with COMMIT.
    expect(writes).toHaveLength(3);
    expect(carrying(writes, 'send_plays_grant')).toEqual([writes[1]]);
    expect(carrying(writes, 'ledger_post')).toEqual([writes[2]]);
    expect(carrying(writes, 'commit')).toEqual([writes[2]]);
  });
});
