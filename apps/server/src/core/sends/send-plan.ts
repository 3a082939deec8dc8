import type { FastifyBaseLogger } from 'fastify';
import type { Transactions } from '../../db/batched-transaction.ts';
import type { Db } from '../../db/db.ts';
import type { Statement } from '../../db/statement.ts';
import type { AppError } from '../../lib/app-errors.ts';
import type { InsufficientFundsError, TransferResult, TransferSpec } from '../ledger/transfer.ts';
import type { LiveEvent } from '../live/live-bus.ts';
import type { OutgoingEmail } from '../mail/mail.repository.ts';
import type { ProgrammeSettings } from '../settings/programme-settings.ts';
import type { AuditActor, AuditEntry } from '../audit/audit-row.ts';
import type { AnswerParts } from './answer-template.ts';
import type { SendRateLimiter } from './send-limits.ts';

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
  /**
   * Who the audit trail names (decision 0113) when not the plan's actor: the set-up command, a
   * scheduled job.
   */
  auditActor?: AuditActor;
  /** The request's id, for the audit trail (none for a job). */
  traceId?: string;
}

/**
 * A check: a statement (sent with its neighbours; it refuses by raising in the database, which
 * its `fail` maps), or work that needs answers as it goes (a row locked, then read). Its answer
 * goes to `decide` under the check's name.
 */
export type Check<T = unknown> = Statement<T> | ((tx: Db) => Promise<T>);

/** The checks of a plan, by name, run in the order written. An absent check is skipped. */
export type Checks = Record<string, Check | undefined>;

/** What one check answers (undefined for a check left out). */
type AnswerOf<X> = X extends Statement<infer T> ? T : X extends (tx: Db) => Promise<infer T> ? T : undefined;

/** What each check answered, by its name. */
export type Checked<C extends Checks> = { [K in keyof C]: AnswerOf<C[K]> };

/** What a plan decides before it writes: the postings, and anything its later steps need. */
export interface Decision {
  /** The ledger transactions (none for a High Five). */
  postings: TransferSpec[];
  /** E-mails already known: queued with the flow's rows, ahead of the posting. */
  mails?: OutgoingEmail[];
}

/**
 * The flow's own rows (kudos items, an order, a draw), made from the decision: a statement (sent
 * with the posting; one that names the posting through `ledger_posted_ids()` says so with
 * `readsPosting` and goes after it, any other goes ahead of it, so the accounts the posting locks
 * are held the shorter, decision 0092), or work that needs answers as it goes (after the posting,
 * given what it posted).
 */
export type Write<W> = Statement<W> | ((tx: Db, posted: TransferResult) => Promise<W>);

/** What was decided and written, for the e-mails made from it and for the live events. */
export interface Done<D, W> {
  decided: D;
  written: W;
}

/**
 * One point-moving operation as a pipeline of typed steps — checks → decide → write → answer —
 * each given what the step before it produced, and nothing else. The runner owns the order and
 * the round trips: the rate limit and the Idempotency-Key first, then in one transaction the
 * checks, the postings (their row locks are the last ones taken, so there are no lock cycles), the
 * flow's rows, its e-mails and the stored answer; live events only after the commit. Whatever is a
 * statement travels together: on PostgreSQL each step that must wait for an answer (a check that is
 * work, a `decide` that reads the checks) ends one write, and the rest goes out in the next.
 */
export interface SendPlan<C extends Checks, D extends Decision, W, T> {
  actorMemberId: number;
  /** Requests per minute for this member, checked before the transaction (429). */
  ratePerMinute?: number;
  /** Daily limits, locks, stock reservations…: run first, in the order written. */
  checks?: C;
  /**
   * The decision: as it stands when it needs no answer (the whole send may then go in one
   * write), or made from the checks' answers — a function is given the transaction, for a read
   * that depends on them (a prize pool never funded, an upload's rows).
   */
  decide: D | ((checked: Checked<C>, tx: Db) => D | Promise<D>);
  /** The flow's refusal when a member account would go below zero. */
  refuseInsufficient?: (error: InsufficientFundsError) => AppError;
  /** The flow's own rows; none when it writes nothing but the postings. */
  write?: (decided: D) => Write<W>;
  /** E-mails made from what was written (an order's voucher codes), queued in the transaction. */
  mails?: (done: Done<D, W>) => OutgoingEmail[];
  /**
   * The answer, as a template: plain data, where `parts` stand for what was written and the
   * actor's balances after. The runner fills it — in the database, in the same write as COMMIT,
   * when those are still on their way (decision 0052), or here — and stores it under the key.
   */
  answer: (decided: D, parts: AnswerParts<W>) => T;
  /** Live events published after the commit. */
  events?: (done: Done<D, W>) => LiveEvent[];
  /** Told how many postings went out, for a large plan posted in parts (a points upload). */
  progress?: (posted: number, total: number) => void;
  /**
   * The audit trail's rows for what was decided (decision 0113), written in the same transaction
   * with no write of their own; `ledgerTransactionId: 'posted'` names the first posting. A plan
   * whose caller records its own (an upload, a change of members) leaves this out.
   */
  audit?: (decided: D) => AuditEntry[];
}
