import { sql } from 'drizzle-orm';
import type { BatchedTransaction } from '../../db/batched-transaction.ts';
import type { Db } from '../../db/db.ts';
import { isStatement, type Statement } from '../../db/statement.ts';
import type { IdempotentAnswer } from '../idempotency/idempotent-answer.ts';
import { memberBalancesStatement, type MemberBalances } from '../ledger/accounts.repository.ts';
import {
  InsufficientFundsError,
  postedBalancesJson,
  transferMany,
  transferStatement,
  type TransferResult,
  type TransferSpec,
} from '../ledger/transfer.ts';
import { withRetry } from '../../db/with-retry.ts';
import { auditStatement } from '../audit/audit-log.repository.ts';
import type { AuditActor, AuditContext } from '../audit/audit-row.ts';
import { emailsStatement, type OutgoingEmail } from '../mail/mail.repository.ts';
import { answerJsonb, answerParts, fillAnswer, type Filled } from './answer-template.ts';
import type { Checked, Checks, Decision, SendDeps, SendPlan } from './send-plan.ts';
import { actorActiveStatement, type RateCheck } from './send-limits.ts';

/** Statements waiting to go out together, each with what to do with its answer. */
class Outgoing {
  private readonly queued: Array<{ statement: Statement<unknown>; use: (answer: unknown) => void }> = [];

  constructor(private readonly t: BatchedTransaction) {}

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

  /** The transaction for a step that is work: what is queued goes first. */
  async tx(): Promise<Db> {
    await this.flush();
    return this.t.tx();
  }
}

/** Plans with more postings than this post them in parts (a points upload), one ledger call each. */
const PART_MIN = 2000;

/**
 * A large plan's postings, part by part, in the one transaction: at least 2,000 a call and about
 * ten calls in all. Every call updates each account it touches once (ledger_post is set-based,
 * decision 0029), so fewer, larger calls mean fewer row versions of the same accounts; ten still
 * give a progress bar its steps. The actor's balances come back with the last part.
 */
async function postInParts(
  tx: Db,
  specs: TransferSpec[],
  actorMemberId: number,
  progress?: SendPlan<Checks, Decision, unknown, unknown>['progress'],
) {
  const size = Math.max(PART_MIN, Math.ceil(specs.length / 10));
  const merged: TransferResult = { transactionIds: [], legAccountIds: [], balances: new Map() };
  for (let start = 0; start < specs.length; start += size) {
    const last = start + size >= specs.length;
    const part = await transferMany(tx, specs.slice(start, start + size), last ? { balancesOf: actorMemberId } : {});
    merged.memberBalances = part.memberBalances;
    merged.transactionIds.push(...part.transactionIds);
    merged.legAccountIds.push(...part.legAccountIds);
    for (const [id, balance] of part.balances) merged.balances.set(id, balance);
    progress?.(Math.min(start + size, specs.length), specs.length);
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

const NOTHING_POSTED: TransferResult = { transactionIds: [], legAccountIds: [], balances: new Map() };

/**
 * Who a plan acts as for the audit trail (a job, named by its area, when no member acts), and the
 * request's trace id.
 */
function sendAuditContext(deps: SendDeps, actorMemberId: number, action: string): AuditContext {
  const actor: AuditActor =
    deps.auditActor ??
    (actorMemberId > 0 ? { kind: 'member', memberId: actorMemberId } : { kind: 'job', name: action.split('.')[0]! });
  return { actor, traceId: deps.traceId ?? null };
}

/** One attempt of a plan on one batched transaction, up to and including COMMIT. */
async function attempt<C extends Checks, D extends Decision, W, T>(
  t: BatchedTransaction,
  deps: SendDeps,
  answer: IdempotentAnswer<Filled<T>>,
  plan: SendPlan<C, D, W, T>,
  rate: RateCheck | null,
) {
  const out = new Outgoing(t);
  // The rate limit's verdict (its count went ahead of BEGIN), then the key: a live request with
  // it → 409, one answered meanwhile → replayed (0042).
  if (rate) out.add(rate.refuse);
  for (const statement of answer.hold ?? []) out.add(statement);

  // 1. The checks, in the order written; a check that is work waits for the ones before it.
  const checked: Record<string, unknown> = {};
  for (const [name, check] of Object.entries(plan.checks ?? {})) {
    if (!check) continue;
    if (isStatement(check)) out.add(check, (value) => (checked[name] = value));
    else checked[name] = await check(await out.tx());
  }

  // 2. The decision; made from the checks' answers, it waits for them.
  const decide = plan.decide as D | ((checked: Checked<C>, tx: Db) => D | Promise<D>);
  const decided = typeof decide === 'function' ? await decide(checked as Checked<C>, await out.tx()) : decide;

  // 3. The flow's rows and the e-mails already known go ahead of the posting's locks (0092),
  // unless the rows name the posting; work that writes follows the posting.
  const write = plan.write?.(decided);
  const statementWrite = write && isStatement(write) ? write : null;
  let written = null as W;
  let writtenKnown = !write;
  const keep = (value: W) => {
    written = value;
    writtenKnown = true;
  };
  // A member acting must still be one (a leaver's send racing their deactivation, decision 0111):
  // their row is read `for share` with the flow's first writes, ahead of the posting's locks; when
  // nothing is posted and the rows are work, after the work, so it costs no write of its own.
  const actorCheck = plan.actorMemberId > 0 ? actorActiveStatement(plan.actorMemberId) : null;
  const actorAfterWork = actorCheck !== null && write !== undefined && !statementWrite && decided.postings.length === 0;
  if (actorCheck && !actorAfterWork) out.add(actorCheck);
  if (statementWrite && !statementWrite.readsPosting) out.add(statementWrite, keep);
  queueMails(out, deps, decided.mails ?? []);

  const refuse = (error: unknown) =>
    error instanceof InsufficientFundsError && plan.refuseInsufficient ? plan.refuseInsufficient(error) : error;
  const specs = decided.postings;
  let posted = NOTHING_POSTED;
  let balances: MemberBalances | undefined;
  if (specs.length > PART_MIN) {
    try {
      posted = await postInParts(await out.tx(), specs, plan.actorMemberId, plan.progress);
    } catch (error) {
      throw refuse(error);
    }
    balances = posted.memberBalances;
  } else if (specs.length > 0) {
    // The actor's balances come back with the posting: no separate read for the answer.
    const posting = transferStatement(specs, { balancesOf: plan.actorMemberId });
    const fail = posting.fail ?? ((error: unknown) => error);
    out.add({ ...posting, fail: (error) => refuse(fail(error)) }, (result) => {
      posted = result;
      balances = result.memberBalances;
    });
  }
  if (statementWrite?.readsPosting) out.add(statementWrite, keep);
  else if (write && !statementWrite)
    keep(await (write as (tx: Db, posted: TransferResult) => Promise<W>)(await out.tx(), posted));

  // The audit trail's rows (decision 0113), after the posting they may name, with the commit.
  const audited = plan.audit?.(decided) ?? [];
  if (audited.length > 0) {
    const context = sendAuditContext(deps, plan.actorMemberId, audited[0]!.action);
    out.add(auditStatement(audited.map((entry) => ({ context, entry }))));
  }

  // E-mails made from what was written wait for it.
  if (plan.mails) {
    await out.flush();
    queueMails(out, deps, plan.mails({ decided, written }));
  }
  if (actorCheck && actorAfterWork) out.add(actorCheck);
  // Postings touch nothing after the ledger call, so its balances are the ones at commit.
  const balancesRead = specs.length === 0 ? memberBalancesStatement(plan.actorMemberId) : null;
  if (balancesRead) out.add(balancesRead, (value) => (balances = value));

  // 4. The answer: filled here when what it needs is known, else by the database in this write
  // (decision 0052); stored under the key with COMMIT, so points moved and answer stored commit
  // together or neither does.
  const template = plan.answer(decided, answerParts<W>());
  const fill = () => {
    if (!balances) throw new Error('send runner: the balances were not read');
    return fillAnswer(template, written, balances);
  };
  const writtenJson = writtenKnown ? sql`${JSON.stringify(written)}::jsonb` : statementWrite?.json;
  let body =
    writtenKnown && balances ? fill() : answerJsonb(template, writtenJson, balancesRead?.json ?? postedBalancesJson);
  if (body === null) {
    await out.flush();
    body = fill();
  }
  const store = answer.store(body);
  if (store) out.add(store);
  await out.commit();
  return { decided, written, response: fill() };
}

/**
 * Runs a plan in one transaction, retried whole on a serialization failure or deadlock: the rate
 * limit counted once ahead of the first attempt, the Idempotency-Key held first and the answer
 * stored last, with COMMIT. Live events go out after the commit.
 */
export async function runSend<C extends Checks, D extends Decision, W, T>(
  deps: SendDeps,
  answer: IdempotentAnswer<NoInfer<Filled<T>>>,
  plan: SendPlan<C, D, W, T>,
): Promise<Filled<T>> {
  // The rate limit counts once, ahead of the first attempt's transaction (in its first write),
  // and that attempt refuses on its verdict.
  let rate = plan.ratePerMinute === undefined ? null : deps.limiter.check(plan.actorMemberId, plan.ratePerMinute);
  const { decided, written, response } = await withRetry(() => {
    const counting = rate;
    rate = null;
    return deps.transactions.run((t) => attempt(t, deps, answer, plan, counting), counting ? [counting.count] : []);
  });
  for (const event of plan.events?.({ decided, written }) ?? []) deps.publish(event);
  return response;
}
