import { describe, expect, it } from 'vitest';
import { setupApp } from './build-app.ts';
import { createMember, memberWithToken } from './factories.ts';
import { createBehaviour, fund, relaxLimits, send } from './ledger-factories.ts';

/**
 * PostgreSQL only (PGlite has no socket). A kudos send's ledger call, its items, its e-mails, the
 * stored answer and COMMIT leave the server in one write (decision 0052), so the row locks the
 * ledger takes — a team budget every recognition debits — are held only while the database
 * works, never across a round trip to the server.
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
  it('Pay It Forward: the reads, the checks, then the posting with the stored answer and COMMIT', async () => {
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
    expect(writes).toHaveLength(3);
    const [posting] = carrying(writes, 'ledger_post');
    expect(posting).toBe(writes[2]);
    for (const text of ['kudos_insert', 'email_outbox_insert', 'idempotency_store', 'commit']) {
      expect(posting).toContain(text);
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
    // Reads; the key and the pair count; the day's game plays; the rest with COMMIT.
    expect(writes).toHaveLength(4);
    expect(carrying(writes, 'ledger_post')).toEqual([writes[3]]);
    expect(writes[3]).toContain('commit');
    expect(carrying(writes, 'commit')).toEqual([writes[3]]);
  });
});
