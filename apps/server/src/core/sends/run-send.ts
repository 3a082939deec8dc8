import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { AppError } from '../../lib/app-errors.ts';
import type { BatchedTransaction, Transactions } from '../../db/batched-transaction.ts';
import { isStatement, type Statement } from '../../db/statement.ts';
import { memberBalancesStatement, type MemberBalances } from '../ledger/accounts.repository.ts';
import {
  InsufficientFundsError,
  postedBalancesJson,
  transferMany,
  transferStatement,
  type TransferResult,
  type TransferSpec,
} from '../ledger/transfer.ts';
import { withRetry } from '../ledger/with-retry.ts';
import type { LiveEvent } from '../live/live-bus.ts';
import { emailsStatement, type OutgoingEmail } from '../mail/mail.repository.ts';
import type { IdempotentAnswer } from '../idempotency/idempotent-answer.ts';
import type { ProgrammeSettings } from '../settings/programme-settings.ts';
import type { RateCheck, SendRateLimiter } from './send-limits.ts';

/** What the runner needs: tests pass their own (e.g. transactions that fail at a chosen step). */
export interface SendDeps {
  /** For reads before the transaction. */
  db: Db;
  /** The runner's transactions: statements sent together on PostgreSQL (decision 0049). */
  transactions: Transactions;
  log: FastifyBaseLogger;
  /** Per-member requests per minute (exact across instances on PostgreSQL; docs/decisions/0003). */
  limiter: SendRateLimiter;
  /** Live events; called only after the transaction committed. */
  publish: (event: LiveEvent) => void;
  /** Programme settings as this instance holds them (decision 0059). */
  settings: ProgrammeSettings;
}

/**
 * A check: a statement (sent with the plan's others) or work that needs answers as it goes. A
 * statement that refuses by raising (`commitSafe`, decision 0053) lets a plan with `answerJson`
 * go out whole in one write; one that refuses in its `read` makes the runner read it first.
 */
export type SendCheck = Statement<unknown> | ((tx: Db) => Promise<void>);

/** A step made once the postings are known (a game play's draw is decided in its `postings`). */
export interface Later<T> {
  later: () => T;
}

const isLater = <T>(step: unknown): step is Later<T> => typeof step === 'object' && step !== null && 'later' in step;

/**
 * One point-moving operation, as data. The runner owns the order: rate limit, then in one
 * transaction the checks (counters and guarded updates), the ledger postings (their row locks
 * are the last ones taken, so there are no lock cycles), the flow's own rows, its e-mails and
 * the stored answer; events only after the commit. Steps given as statements travel together:
 * on PostgreSQL everything up to the first step that is a function goes out in one write.
 */
export interface SendPlan<W, A> {
  actorMemberId: number;
  /** Requests per minute for this member, checked before the transaction (429). */
  ratePerMinute?: number;
  /** Daily limits, stock reservations…: run first, in this order. Refuse by throwing an AppError. */
  checks?: SendCheck[];
  /** The ledger transactions; a function when they depend on rows read in the transaction. */
  postings: TransferSpec[] | ((tx: Db) => Promise<TransferSpec[]>);
  /**
   * Large plans (a points upload's thousands of rows) post in chunks of `size` transactions, one
   * ledger round trip each, all in the same database transaction; `progress` is told after each.
   */
  chunk?: { size: number; progress?: (posted: number, total: number) => void };
  /** The flow's refusal when a member account would go below zero. */
  refuseInsufficient?: (error: InsufficientFundsError) => AppError;
  /**
   * The flow's own rows (kudos items, order lines, draws): a function given what was posted, or a
   * statement sent with the posting (it names the posting through `ledger_posted_ids()`), made
   * `later` when it depends on what `postings` decided.
   */
  write: Statement<W> | Later<Statement<W>> | ((tx: Db, posted: TransferResult | null) => Promise<W>);
  /**
   * The flow's rows (a statement, not `later`) and its e-mails (a list) go ahead of the posting
   * (decision 0092): they need nothing it answers (a posted item names the transaction id the
   * posting will take, reserved by `ledger_next_id()`), so the accounts the posting locks — the
   * team budget every recognition of a team debits — are held only for the posting, the stored
   * answer and COMMIT.
   */
  writeFirst?: boolean;
  /** E-mails queued in the same transaction (the outbox, docs/decisions/0007). */
  mails?: OutgoingEmail[] | ((written: W) => OutgoingEmail[]);
  /** The answer, from what was written and the actor's balances after. */
  answer: (written: W, balances: MemberBalances) => A;
  /**
   * The same answer built by the database (decision 0052), given jsonb SQL for what was written
   * (the write statement's `json`) and for the actor's balances. With it, the stored answer goes
   * out with the posting, the flow's rows and COMMIT in one write: one round trip fewer, and the
   * ledger's row locks (a team budget every recognition debits) are held only while PostgreSQL
   * works, not while the answers travel to a busy server and the stored answer comes back.
   * When the key's hold and every check refuse by raising (`commitSafe`, decision 0053), the
   * whole transaction — BEGIN to COMMIT — is that one write.
   */
  answerJson?: (written: SQL, balances: SQL) => SQL;
  /** Live events published after the commit. */
  events?: (written: W) => LiveEvent[];
}

/** Statements waiting to go out together, each with what to do with its answer. */
class Outgoing {
  private readonly queued: Array<{ statement: Statement<unknown>; use: (answer: unknown) => void }> = [];

  constructor(private readonly t: BatchedTransaction) {}

  /** Whether a queued statement may refuse in its `read` (so its answer must be read before COMMIT is sent). */
  mayRefuseOnRead() {
    return this.queued.some((q) => !q.statement.commitSafe);
  }

  add<T>(statement: Statement<T>, use: (answer: T) => void = () => undefined) {
    this.queued.push({ statement, use: use as (answer: unknown) => void });
  }

  /** Sends what is queued (one write on PostgreSQL) and hands each answer on, in order. */
  async flush() {
    if (this.queued.length === 0) return;
    const batch = this.queued.splice(0);
    const answers = await this.t.run(batch.map((q) => q.statement));
    batch.forEach((q, i) => q.use(answers[i]));
  }

  /** Sends what is queued and COMMIT (one write on PostgreSQL), handing the answers on. */
  async commit() {
    const batch = this.queued.splice(0);
    const answers = await this.t.commit(batch.map((q) => q.statement));
    batch.forEach((q, i) => q.use(answers[i]));
  }

  /** The transaction for a step that is a function: what is queued goes first. */
  async tx(): Promise<Db> {
    await this.flush();
    return this.t.tx();
  }
}

const refusing = (plan: SendPlan<unknown, unknown>) => (error: unknown) =>
  error instanceof InsufficientFundsError && plan.refuseInsufficient ? plan.refuseInsufficient(error) : error;

/** A points upload's postings, chunk by chunk (one ledger round trip each, progress after each). */
async function postInChunks(tx: Db, plan: SendPlan<unknown, unknown>, specs: TransferSpec[], size: number) {
  const merged: TransferResult = { transactionIds: [], legAccountIds: [], balances: new Map() };
  for (let start = 0; start < specs.length; start += size) {
    const last = start + size >= specs.length;
    const part = await transferMany(
      tx,
      specs.slice(start, start + size),
      last ? { balancesOf: plan.actorMemberId } : {},
    );
    merged.memberBalances = part.memberBalances;
    for (const id of part.transactionIds) merged.transactionIds.push(id);
    for (const id of part.legAccountIds) merged.legAccountIds.push(id);
    for (const [id, balance] of part.balances) merged.balances.set(id, balance);
    plan.chunk?.progress?.(Math.min(start + size, specs.length), specs.length);
  }
  return merged;
}

/** Queues the outbox rows of a send's e-mails, logging each one's id once written. */
function queueMails(out: Outgoing, deps: SendDeps, mails: OutgoingEmail[]) {
  if (mails.length === 0) return;
  out.add(emailsStatement(mails), (ids) =>
    mails.forEach((mail, i) => deps.log.info({ outboxId: ids[i], kind: mail.kind }, 'e-mail queued in outbox')),
  );
}

/**
 * The plan's steps on one batched transaction, up to the stored answer; with `answerJson` the
 * stored answer and COMMIT too (`committed`).
 */
async function runSteps<W, A>(
  t: BatchedTransaction,
  deps: SendDeps,
  answer: IdempotentAnswer<A>,
  plan: SendPlan<W, A>,
  rate: RateCheck | null,
) {
  const out = new Outgoing(t);
  // The rate limit's verdict (its count went ahead of BEGIN), then the key: a live request with
  // it → 409, one answered meanwhile → replayed (0042).
  if (rate) out.add(rate.refuse);
  for (const statement of answer.hold ?? []) out.add(statement);
  for (const check of plan.checks ?? []) {
    if (isStatement(check)) out.add(check);
    else await check(await out.tx());
  }
  // A stored answer built by the database goes out with COMMIT (0052), so a refusal read from an
  // answer must be known before that; refusals the database raises abort the transaction (0053).
  if (plan.answerJson && out.mayRefuseOnRead()) await out.flush();

  let written!: W;
  // Rows and e-mails that need nothing from the posting go ahead of its locks (0092). A `later`
  // write depends on what `postings` decides, so it never goes first.
  const first = plan.writeFirst && isStatement(plan.write) ? plan.write : null;
  if (first) {
    out.add(first, (result) => (written = result));
    if (Array.isArray(plan.mails)) queueMails(out, deps, plan.mails);
  }

  const specs = typeof plan.postings === 'function' ? await plan.postings(await out.tx()) : plan.postings;
  let posted: TransferResult | null = null;
  let balances: MemberBalances | undefined;
  const refuse = refusing(plan as SendPlan<unknown, unknown>);
  const size = plan.chunk?.size ?? specs.length;
  if (specs.length > 0 && size < specs.length) {
    try {
      posted = await postInChunks(await out.tx(), plan as SendPlan<unknown, unknown>, specs, size);
    } catch (error) {
      throw refuse(error);
    }
  } else if (specs.length > 0) {
    // The actor's balances come back with the posting: no separate read for the answer.
    const statement = transferStatement(specs, { balancesOf: plan.actorMemberId });
    out.add({ ...statement, fail: (error) => refuse(statement.fail!(error)) }, (result) => (posted = result));
  }

  const write = first ?? (isLater<Statement<W>>(plan.write) ? plan.write.later() : plan.write);
  if (!first) {
    if (isStatement(write)) out.add(write, (result) => (written = result));
    else written = await write(await out.tx(), posted);
  }
  if (plan.mails && !(first && Array.isArray(plan.mails))) {
    if (typeof plan.mails === 'function') await out.flush();
    queueMails(out, deps, typeof plan.mails === 'function' ? plan.mails(written) : plan.mails);
  }
  // Postings touch nothing after the ledger call, so its balances are the ones at commit.
  const actorBalances = specs.length === 0 ? memberBalancesStatement(plan.actorMemberId) : null;
  if (actorBalances) out.add(actorBalances, (result) => (balances = result));
  // The stored answer built by the database, sent with the rest and COMMIT (decision 0052).
  const json = isStatement(write) ? write.json : undefined;
  const store =
    plan.answerJson && json
      ? answer.store(plan.answerJson(json, actorBalances?.json ?? postedBalancesJson))
      : undefined;
  if (store !== undefined) {
    if (store) out.add(store);
    await out.commit();
  } else await out.flush();
  return {
    written,
    balances: (posted as TransferResult | null)?.memberBalances ?? balances!,
    committed: store !== undefined,
  };
}

/**
 * Runs a plan in one transaction, retried whole on a serialization failure or deadlock; it
 * holds the Idempotency-Key first and stores the answer as its last statement, sent with COMMIT:
 * points moved and answer stored commit together, or neither does.
 */
export async function runSend<W, A>(deps: SendDeps, answer: IdempotentAnswer<A>, plan: SendPlan<W, A>): Promise<A> {
  // The rate limit counts once, ahead of the first attempt's transaction (in its first write),
  // and that attempt refuses on its verdict.
  let rate = plan.ratePerMinute === undefined ? null : deps.limiter.check(plan.actorMemberId, plan.ratePerMinute);
  const { written, response } = await withRetry(() => {
    const counting = rate;
    rate = null;
    return deps.transactions.run(
      async (t) => {
        const { written, balances, committed } = await runSteps(t, deps, answer, plan, counting);
        const response = plan.answer(written, balances);
        if (!committed) {
          const store = answer.store(response);
          await t.commit(store ? [store] : []);
        }
        return { written, response };
      },
      counting ? [counting.count] : [],
    );
  });
  for (const event of plan.events?.(written) ?? []) deps.publish(event);
  return response;
}
