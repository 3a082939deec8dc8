import { sql } from 'drizzle-orm';
import type { LedgerTransactionKind } from '@ovation/shared/vocabulary';
import type { Db } from '../../db/db.ts';
import type { Row, Statement } from '../../db/statement.ts';
import {
  balancesFromLedger,
  balancesJson,
  type MemberAccountKind,
  type MemberBalances,
  type SystemAccountKind,
} from './accounts.repository.ts';
import { sqlStateOf } from '../../lib/pg-errors.ts';

/** Which account a leg moves: by id, a member's account by kind (opened when missing), or a system account. */
export type LegAccount =
  { accountId: number } | { member: { memberId: number; kind: MemberAccountKind } } | { system: SystemAccountKind };

export type TransferLeg = LegAccount & {
  /** Integer; positive credits the account, negative debits it. */
  amount: number;
  /** The other member of this leg, shown on statements. */
  counterpartyMemberId?: number | null;
};

export interface TransferSpec {
  kind: LedgerTransactionKind;
  memo?: string;
  actorMemberId?: number | null;
  legs: TransferLeg[];
}

export interface TransferResult {
  transactionIds: number[];
  /** The account id of every leg, in the order given (transactions' legs one after another). */
  legAccountIds: number[];
  /** Member account balances after the transfer, by account id. */
  balances: Map<number, number>;
  /** The three balances after the transfer of the member named in `balancesOf`, if any. */
  memberBalances?: MemberBalances;
}

export interface TransferOptions {
  /** Also return this member's three balances after posting (in the same round trip). */
  balancesOf?: number;
}

/** A member account would go below zero. Use cases turn it into a human 422. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly accountId: number,
    readonly balance: number,
    readonly needed: number,
  ) {
    super(`account ${accountId} has ${balance}, needs ${needed}`);
  }
}

/** SQLSTATE ledger_post raises when a member balance would go below zero (DETAIL: id,balance,needed). */
const INSUFFICIENT_FUNDS = 'OVL01';

function validate(specs: TransferSpec[]) {
  if (specs.length === 0) throw new Error('transfer: nothing to post');
  for (const spec of specs) {
    if (spec.legs.length < 2) throw new Error(`transfer ${spec.kind}: needs at least two legs`);
    let sum = 0;
    for (const leg of spec.legs) {
      if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) {
        throw new Error(`transfer ${spec.kind}: amounts must be non-zero integers`);
      }
      sum += leg.amount;
    }
    if (sum !== 0) throw new Error(`transfer ${spec.kind}: legs sum to ${sum}, not zero`);
  }
}

const legJson = (leg: TransferLeg) => ({
  ...('accountId' in leg ? { a: leg.accountId } : {}),
  ...('member' in leg ? { m: leg.member.memberId, k: leg.member.kind } : {}),
  ...('system' in leg ? { s: leg.system } : {}),
  n: leg.amount,
  c: leg.counterpartyMemberId ?? null,
});

function insufficientFunds(error: unknown): InsufficientFundsError | null {
  if (sqlStateOf(error) !== INSUFFICIENT_FUNDS) return null;
  let current: unknown = error;
  while (current && typeof current === 'object' && !('detail' in current)) current = (current as Error).cause;
  const [id, balance, needed] = String((current as { detail?: unknown } | null)?.detail ?? '')
    .split(',')
    .map(Number);
  return new InsufficientFundsError(id ?? 0, balance ?? 0, needed ?? 0);
}

interface Posted {
  t: (number | string)[];
  a: (number | string)[];
  b: Record<string, number | string>;
  m: { p: number | string; y: number | string; g: number | string } | null;
}

/**
 * transferMany as a statement (decision 0049): the send runner sends it with the flow's other
 * statements. The transactions' ids are also left for the rest of the database transaction in
 * `ledger_posted_ids()`, so a statement sent after it can name them (an order or a draw its posting).
 */
/**
 * The `balancesOf` member's balances after the transaction's latest ledger call, as the API names
 * them, for a statement sent after it in the same transaction (decision 0052).
 */
export const postedBalancesJson = balancesJson(sql`ledger_posted_balances()`);

export function transferStatement(specs: TransferSpec[], options: TransferOptions = {}): Statement<TransferResult> {
  validate(specs);
  const payload = specs.map((spec) => ({
    kind: spec.kind,
    memo: spec.memo ?? '',
    actor: spec.actorMemberId ?? null,
    legs: spec.legs.map(legJson),
  }));
  return {
    sql: sql`select ledger_post(${JSON.stringify(payload)}::jsonb, ${options.balancesOf ?? null}::int) as posted`,
    name: 'ledger_post',
    fail: (error) => insufficientFunds(error) ?? error,
    read: (rows) => {
      const posted = rows[0]!.posted as Posted;
      return {
        transactionIds: posted.t.map(Number),
        legAccountIds: posted.a.map(Number),
        balances: new Map(Object.entries(posted.b).map(([id, balance]) => [Number(id), Number(balance)])),
        ...(posted.m ? { memberBalances: balancesFromLedger(posted.m) } : {}),
      };
    },
  };
}

/**
 * Posts one or more ledger transactions in one database round trip: the `ledger_post` function
 * (src/db/sql/02-ledger-post.sql, docs/decisions/0010) opens missing member accounts, locks the
 * member accounts touched in ascending id order, refuses any member balance going below zero
 * (InsufficientFundsError, nothing written), inserts the transactions and entries and updates the
 * cached balances, system accounts last. Call it inside the use case's transaction (other checks
 * such as send limits run before it, so the ledger's row locks are always the last ones taken),
 * or on its own: a single statement is atomic.
 */
export async function transferMany(
  db: Db,
  specs: TransferSpec[],
  options: TransferOptions = {},
): Promise<TransferResult> {
  const statement = transferStatement(specs, options);
  let rows: Row[];
  try {
    rows = ((await db.execute(statement.sql)) as unknown as { rows: Row[] }).rows;
  } catch (error) {
    throw statement.fail!(error);
  }
  return statement.read(rows);
}

/** One ledger transaction (see transferMany). */
export async function transfer(db: Db, spec: TransferSpec) {
  const result = await transferMany(db, [spec]);
  return { transactionId: result.transactionIds[0]!, legAccountIds: result.legAccountIds, balances: result.balances };
}
