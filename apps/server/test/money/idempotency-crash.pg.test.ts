import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Transactions } from '../../src/db/batched-transaction.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { balancesOf, fund, kudosTo, newKey, relaxLimits, send } from '../support/ledger-factories.ts';

/**
 * Issue 15 finding 6: a send whose process dies mid-transaction. PostgreSQL only: the crash is
 * its backend terminated (what the server does when the client's connection drops) while the
 * request's code never runs again (a dead process answers nothing and cleans nothing up).
 */
interface Stall {
  armed: boolean;
  /** Resolves with the stalled transaction's backend pid once it is stalled. */
  stalled: Promise<number>;
  reached(pid: number): void;
  /** Lets the stalled code go on (on a dead connection) so the test can end cleanly. */
  end(): void;
  ended: Promise<void>;
}

function newStall(): Stall {
  const stall = { armed: false } as Stall;
  stall.stalled = new Promise((resolve) => (stall.reached = resolve));
  stall.ended = new Promise((resolve) => (stall.end = resolve));
  return stall;
}

/**
 * The send runner's transactions: an armed one stops forever after its first batch of statements
 * has run (the key held, the ledger posted, the kudos written: the points moved but not
 * committed). A Pay It Forward sends its whole transaction with COMMIT in one write (decision
 * 0053), so there the batch is sent without its COMMIT — what a process that dies between two
 * writes of a longer send (a recognition with game plays, a checkout) leaves behind.
 */
function stallingTransactions(transactions: Transactions, stall: Stall): Transactions {
  return {
    read: (statements) => transactions.read(statements),
    run: (work, before) =>
      transactions.run((t) => {
        if (!stall.armed) return work(t);
        stall.armed = false;
        let stalled = false;
        const stallOnce = async () => {
          if (stalled) return;
          stalled = true;
          const { rows } = (await (await t.tx()).execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          stall.reached(rows[0]!.pid);
          await stall.ended;
        };
        return work({
          tx: () => t.tx(),
          async commit(statements) {
            if (stalled) return t.commit(statements);
            const answers = await t.run(statements);
            await stallOnce();
            await t.commit([]);
            return answers;
          },
          async run(statements) {
            const answers = await t.run(statements);
            await stallOnce();
            return answers;
          },
        });
      }, before),
  };
}

const stall = newStall();
const ctx = setupApp(
  {},
  {
    services: (s) => ({ ...s, sends: { ...s.sends, transactions: stallingTransactions(s.sends.transactions, stall) } }),
  },
);
const URL = '/api/payitforward/send';

describe('Idempotency-Key after a crash (PostgreSQL)', () => {
  it('the retry of a send whose process died runs at once, and points move exactly once', async () => {
    await relaxLimits(ctx.app);
    const { member, token } = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    await fund(ctx.app, member.id, 100);
    const key = newKey();
    const payload = { toMemberId: other.id, points: 7, message: 'Sent through a crash' };

    // The terminated connection's error, which a dead process would never see.
    const pool = ctx.app.database.sendPool!;
    const quieted = new WeakSet<object>();
    const quiet = (client: { on(event: 'error', listener: () => void): unknown }) => {
      if (!quieted.has(client)) client.on('error', () => {});
      quieted.add(client);
    };
    pool.on('acquire', quiet);

    stall.armed = true;
    const dying = send(ctx, URL, token, payload, key); // stalls forever: its process "dies"
    const pid = await stall.stalled;
    // While it is alive and holds the key, the same key is refused as in flight.
    const whileAlive = await send(ctx, URL, token, payload, key);
    expect(whileAlive.statusCode).toBe(409);
    expect(whileAlive.json().message).toBe('This request is already being processed');

    // The process dies: PostgreSQL ends its connection and rolls its transaction back.
    await ctx.app.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
    await waitUntil(async () => {
      const { rows } = (await ctx.app.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where pid = ${pid}::int`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]!.n === 0;
    });

    const started = Date.now();
    const retry = await send(ctx, URL, token, payload, key);
    expect(retry.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(93);
    expect((await balancesOf(ctx.app, other.id)).awardsPointsAvailable).toBe(7);
    expect(await kudosTo(ctx.app, other.id)).toHaveLength(1);

    // And once answered, the key replays that answer.
    const again = await send(ctx, URL, token, payload, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(retry.json());
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(93);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);

    stall.end();
    expect((await dying).statusCode).toBe(500);
    pool.off('acquire', quiet);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(93);
  });
});

async function waitUntil(condition: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 20));
}
