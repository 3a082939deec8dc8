import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BatchedTransaction, Transactions } from '../../src/db/batched-transaction.ts';
import type { Db } from '../../src/db/db.ts';
import { writeStatement, type Statement } from '../../src/db/statement.ts';
import { answerJsonb, answerParts, fillAnswer } from '../../src/core/sends/answer-template.ts';
import { runSend } from '../../src/core/sends/run-send.ts';
import type { SendDeps } from '../../src/core/sends/send-plan.ts';
import { SendRateLimiter } from '../../src/core/sends/send-limits.ts';
import { setupApp } from '../support/build-app.ts';

/**
 * The send runner's contract (core/sends/send-plan.ts): the steps run in the order checks →
 * decide → write → answer, each given what the one before produced, and the runner — not the
 * plan — decides which statements travel together. Here the database is a recorder: each write
 * it is sent is one entry, listing the statements' names in the order they went.
 */
function recorder() {
  const writes: string[][] = [];
  const answerOf = (s: Statement<unknown>) =>
    s.name === 'ledger_post'
      ? { transactionIds: [7], legAccountIds: [], balances: new Map(), memberBalances: BALANCES }
      : s.name === 'member_balances'
        ? BALANCES
        : s.name === 'write'
          ? { id: 41 }
          : undefined;
  const t: BatchedTransaction = {
    tx: async () => {
      writes.push(['(work)']);
      return {} as Db;
    },
    run: async (statements) => {
      writes.push(statements.map((s) => s.name ?? '?'));
      return statements.map(answerOf);
    },
    commit: async (statements) => {
      writes.push([...statements.map((s) => s.name ?? '?'), 'COMMIT']);
      return statements.map(answerOf);
    },
  };
  const transactions: Transactions = { run: (work) => work(t), read: async () => [] as never };
  const deps = {
    transactions,
    db: {} as Db,
    log: { info: () => undefined },
    limiter: new SendRateLimiter(),
    publish: () => undefined,
    settings: {},
  } as unknown as SendDeps;
  return { deps, writes };
}

const BALANCES = { awardsPointsAvailable: 5, awardsPointsAvailable1: 2, awardsPointsAvailableMng: 0 };
const named = (name: string, extra: Partial<Statement<unknown>> = {}): Statement<unknown> => ({
  ...writeStatement(sql`select 1`),
  name,
  ...extra,
});
const store = { store: () => named('store') };
const posting = [
  {
    kind: 'payitforward' as const,
    legs: [
      { member: { memberId: 1, kind: 'points' as const }, amount: -1 },
      { member: { memberId: 2, kind: 'points' as const }, amount: 1 },
    ],
  },
];

describe('the send runner', () => {
  it('sends a plan of statements with a decision as it stands in one write, its rows ahead of the posting', async () => {
    const { deps, writes } = recorder();
    const answer = await runSend(
      deps,
      { hold: [named('hold')], ...store },
      {
        actorMemberId: 1,
        checks: { limit: named('limit') },
        decide: { postings: posting },
        write: () => named('write', { json: sql`'{"id": 41}'::jsonb` }) as Statement<{ id: number }>,
        answer: (_d, { written, balances }) => ({ id: written('id'), plays: balances('awardsPointsAvailable1') }),
      },
    );
    // The actor's row goes with the flow's rows: still a member (decision 0111).
    expect(writes).toEqual([['hold', 'limit', 'send_actor_active', 'write', 'ledger_post', 'store', 'COMMIT']]);
    expect(answer).toEqual({ id: 41, plays: 2 });
  });

  it('waits for the checks before a decision made from them, and sends rows that name the posting after it', async () => {
    const { deps, writes } = recorder();
    let seen: unknown = 'not called';
    await runSend(deps, store, {
      actorMemberId: 1,
      checks: { limit: named('limit') },
      decide: (checked) => {
        seen = checked;
        return { postings: posting, extra: 'from the decision' };
      },
      write: ({ extra }) => named('write', { readsPosting: true, json: sql`${extra}::jsonb` }),
      answer: (d) => ({ extra: d.extra }),
    });
    expect(seen).toEqual({ limit: undefined });
    expect(writes).toEqual([['limit'], ['(work)'], ['send_actor_active', 'ledger_post', 'write', 'store', 'COMMIT']]);
  });

  it('reads the balances when nothing is posted, and stores an answer it already knows with COMMIT', async () => {
    const { deps, writes } = recorder();
    const answer = await runSend(deps, store, {
      actorMemberId: 1,
      decide: { postings: [] },
      write: () => async () => ({ done: true }),
      mails: () => [],
      answer: (_d, { written, balances }) => ({ written: written(), balances: balances() }),
    });
    expect(writes).toEqual([['(work)'], ['send_actor_active', 'member_balances', 'store', 'COMMIT']]);
    expect(answer).toEqual({ written: { done: true }, balances: BALANCES });
  });
});

describe('an answer template', () => {
  const ctx = setupApp();

  it('gives the same JSON filled here as filled by the database', async () => {
    const parts = answerParts<{ ids: number[]; order: { id: number } }>();
    const template = {
      ids: parts.written('ids'),
      message: 'Thank you! “Quoted” \\ text',
      nested: { plays: parts.balances('awardsPointsAvailable1'), list: [1, parts.balances()] },
      none: null,
    };
    const written = { ids: [3, 4], order: { id: 9 } };
    const json = answerJsonb(template, sql`${JSON.stringify(written)}::jsonb`, sql`${JSON.stringify(BALANCES)}::jsonb`);
    const { rows } = (await ctx.app.db.execute(sql`select ${json} as a`)) as unknown as { rows: { a: unknown }[] };
    expect(rows[0]!.a).toEqual(fillAnswer(template, written, BALANCES));
    expect(fillAnswer(template, written, BALANCES)).toEqual({
      ids: [3, 4],
      message: 'Thank you! “Quoted” \\ text',
      nested: { plays: 2, list: [1, BALANCES] },
      none: null,
    });
  });

  it('cannot be built by the database from a write that has no JSON', () => {
    expect(answerJsonb({ id: answerParts<{ id: number }>().written('id') }, undefined, sql`'{}'::jsonb`)).toBeNull();
  });
});
