import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AppError } from '../../lib/app-errors.ts';
import { readMemberBalances, type MemberBalances } from '../ledger/accounts.repository.ts';
import { InsufficientFundsError, transferMany, type TransferResult, type TransferSpec } from '../ledger/transfer.ts';
import { withRetry } from '../ledger/with-retry.ts';
import type { LiveEvent } from '../live/live-bus.ts';
import { queueEmails } from '../mail/mailer.ts';
import type { OutgoingEmail } from '../mail/mail.repository.ts';
import type { IdempotentAnswer } from '../../plugins/idempotency/idempotency.plugin.ts';
import type { SendRateLimiter } from './send-limits.ts';

/** What the runner needs: tests pass their own (e.g. a database that fails at a chosen step). */
export interface SendDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Per-member requests per minute (exact across instances on PostgreSQL; docs/decisions/0003). */
  limiter: SendRateLimiter;
  /** Live events; called only after the transaction committed. */
  publish: (event: LiveEvent) => void;
}

/**
 * One point-moving operation, as data. The runner owns the order: rate limit, then in one
 * transaction the checks (counters and guarded updates), the ledger postings (their row locks
 * are the last ones taken, so there are no lock cycles), the flow's own rows, its e-mails and
 * the stored answer; events only after the commit.
 */
export interface SendPlan<W, A> {
  actorMemberId: number;
  /** Requests per minute for this member, checked before the transaction (429). */
  ratePerMinute?: number;
  /** Daily limits, stock reservations…: run first, in this order. Throw an AppError to refuse. */
  checks?: Array<(tx: Db) => Promise<void>>;
  /** The ledger transactions; a function when they depend on rows read in the transaction. */
  postings: TransferSpec[] | ((tx: Db) => Promise<TransferSpec[]>);
  /**
   * Large plans (a points upload's thousands of rows) post in chunks of `size` transactions, one
   * ledger round trip each, all in the same database transaction; `progress` is told after each.
   */
  chunk?: { size: number; progress?: (posted: number, total: number) => void };
  /** The flow's refusal when a member account would go below zero. */
  refuseInsufficient?: (error: InsufficientFundsError) => AppError;
  /** The flow's own rows (kudos items, order lines, draws), given what was posted. */
  write: (tx: Db, posted: TransferResult | null) => Promise<W>;
  /** E-mails queued in the same transaction (the outbox, docs/decisions/0007). */
  mails?: (written: W) => OutgoingEmail[];
  /** The answer, from what was written and the actor's balances after. */
  answer: (written: W, balances: MemberBalances) => A;
  /** Live events published after the commit. */
  events?: (written: W) => LiveEvent[];
}

async function post(tx: Db, plan: SendPlan<unknown, unknown>): Promise<TransferResult | null> {
  const specs = typeof plan.postings === 'function' ? await plan.postings(tx) : plan.postings;
  if (specs.length === 0) return null;
  try {
    // The actor's balances come back with the (last) posting: no separate read for the answer.
    const balancesOf = plan.actorMemberId;
    const size = plan.chunk?.size ?? specs.length;
    if (size >= specs.length) return await transferMany(tx, specs, { balancesOf });
    const merged: TransferResult = { transactionIds: [], legAccountIds: [], balances: new Map() };
    for (let start = 0; start < specs.length; start += size) {
      const last = start + size >= specs.length;
      const part = await transferMany(tx, specs.slice(start, start + size), last ? { balancesOf } : {});
      merged.memberBalances = part.memberBalances;
      for (const id of part.transactionIds) merged.transactionIds.push(id);
      for (const id of part.legAccountIds) merged.legAccountIds.push(id);
      for (const [id, balance] of part.balances) merged.balances.set(id, balance);
      plan.chunk?.progress?.(Math.min(start + size, specs.length), specs.length);
    }
    return merged;
  } catch (error) {
    if (error instanceof InsufficientFundsError && plan.refuseInsufficient) throw plan.refuseInsufficient(error);
    throw error;
  }
}

/**
 * Runs a plan in one transaction, retried whole on a serialization failure or deadlock; it
 * holds the Idempotency-Key first and stores the answer as its last statement: points moved and answer stored commit
 * together, or neither does.
 */
export async function runSend<W, A>(deps: SendDeps, answer: IdempotentAnswer<A>, plan: SendPlan<W, A>): Promise<A> {
  if (plan.ratePerMinute !== undefined) await deps.limiter.take(plan.actorMemberId, plan.ratePerMinute);
  const { written, response } = await withRetry(() =>
    deps.db.transaction(async (tx) => {
      // The key first: a live request with it → 409, one answered meanwhile → replayed (0042).
      await answer.hold?.(tx);
      for (const check of plan.checks ?? []) await check(tx);
      const posted = await post(tx, plan as SendPlan<unknown, unknown>);
      const written = await plan.write(tx, posted);
      await queueEmails(tx, deps.log, plan.mails?.(written) ?? []);
      // Postings touch nothing after the ledger call, so its balances are the ones at commit.
      const balances = posted?.memberBalances ?? (await readMemberBalances(tx, plan.actorMemberId));
      const response = plan.answer(written, balances);
      await answer.store(tx, response);
      return { written, response };
    }),
  );
  for (const event of plan.events?.(written) ?? []) deps.publish(event);
  return response;
}
