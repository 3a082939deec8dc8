import { and, asc, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';

export interface TransferLeg {
  accountId: number;
  /** Integer; positive credits the account, negative debits it. */
  amount: number;
  /** The other member of this leg, shown on statements. */
  counterpartyMemberId?: number | null;
}

export interface TransferSpec {
  kind: string;
  memo?: string;
  actorMemberId?: number | null;
  legs: TransferLeg[];
}

export interface TransferOptions {
  /** More member accounts to lock with the legs' (e.g. the sender's, as a per-sender mutex). */
  lock?: number[];
  /** Runs with the member accounts locked, before anything is written (caps, limits). */
  beforeWrite?: (balances: ReadonlyMap<number, number>) => Promise<void>;
  /** Tests only: runs after the entries are written, to prove a failure there leaves nothing. */
  afterEntries?: () => Promise<void>;
}

export interface TransferResult {
  transactionIds: number[];
  /** Member account balances after the transfer, by account id. */
  balances: Map<number, number>;
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

const caseDelta = (deltas: Map<number, number>): SQL =>
  sql`(case ${ledgerAccounts.id} ${sql.join(
    [...deltas].map(([id, d]) => sql`when ${id} then ${d}::bigint`),
    sql` `,
  )} else 0::bigint end)`;

/**
 * Posts one or more ledger transactions in the caller's database transaction (one call per
 * database transaction, so that the lock order below holds):
 * 1. member accounts touched are locked in ascending id order (SELECT … FOR UPDATE) —
 *    concurrent spends of one balance queue here and cannot deadlock each other;
 * 2. `beforeWrite` checks caps and limits; every member balance must stay >= 0;
 * 3. transactions and entries are inserted and the cached balances updated with a guarded
 *    update; system accounts (shared, hot) are updated last, so they are held only until commit.
 * The CHECK (balance >= 0) on member accounts is the backstop if any of this were wrong.
 */
export async function transferMany(
  db: Db,
  specs: TransferSpec[],
  options: TransferOptions = {},
): Promise<TransferResult> {
  validate(specs);
  const deltas = new Map<number, number>();
  for (const leg of specs.flatMap((s) => s.legs))
    deltas.set(leg.accountId, (deltas.get(leg.accountId) ?? 0) + leg.amount);
  const touched = [...new Set([...deltas.keys(), ...(options.lock ?? [])])];

  const locked = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.id, touched), isNotNull(ledgerAccounts.memberId)))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const balances = new Map(locked.map((row) => [row.id, Number(row.balance)]));
  await options.beforeWrite?.(balances);
  for (const [id, delta] of deltas) {
    const balance = balances.get(id);
    if (balance !== undefined && balance + delta < 0) throw new InsufficientFundsError(id, balance, -delta);
  }

  const transactionIds: number[] = [];
  for (const spec of specs) {
    const [row] = await db
      .insert(ledgerTransactions)
      .values({ kind: spec.kind, memo: spec.memo ?? '', actorMemberId: spec.actorMemberId ?? null })
      .returning({ id: ledgerTransactions.id });
    transactionIds.push(row!.id);
  }
  await db.insert(ledgerEntries).values(
    specs.flatMap((spec, i) =>
      spec.legs.map((leg) => ({
        transactionId: transactionIds[i]!,
        accountId: leg.accountId,
        amount: leg.amount,
        counterpartyMemberId: leg.counterpartyMemberId ?? null,
      })),
    ),
  );
  await options.afterEntries?.();

  const memberDeltas = new Map([...deltas].filter(([id, d]) => balances.has(id) && d !== 0));
  const systemDeltas = new Map([...deltas].filter(([id, d]) => !balances.has(id) && d !== 0));
  if (memberDeltas.size > 0) {
    const delta = caseDelta(memberDeltas);
    const updated = await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
      .where(
        and(
          inArray(ledgerAccounts.id, [...memberDeltas.keys()]),
          isNotNull(ledgerAccounts.memberId),
          sql`${ledgerAccounts.balance} + ${delta} >= 0`,
        ),
      )
      .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
    if (updated.length !== memberDeltas.size) throw new Error('transfer: guarded balance update refused');
    for (const row of updated) balances.set(row.id, Number(row.balance));
  }
  if (systemDeltas.size > 0) {
    const ids = [...systemDeltas.keys()].sort((a, b) => a - b);
    if (ids.length > 1) {
      await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, ids))
        .orderBy(asc(ledgerAccounts.id))
        .for('update');
    }
    const updated = await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${caseDelta(systemDeltas)}` })
      .where(and(inArray(ledgerAccounts.id, ids), isNull(ledgerAccounts.memberId)))
      .returning({ id: ledgerAccounts.id });
    if (updated.length !== ids.length) throw new Error('transfer: unknown account');
  }
  return { transactionIds, balances };
}

/** One ledger transaction (see transferMany). */
export async function transfer(db: Db, spec: TransferSpec, options: TransferOptions = {}) {
  const result = await transferMany(db, [spec], options);
  return { transactionId: result.transactionIds[0]!, balances: result.balances };
}
