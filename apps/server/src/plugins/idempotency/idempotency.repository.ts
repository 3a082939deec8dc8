import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

export interface IdempotencyClaim {
  memberId: number;
  key: string;
  route: string;
  requestHash: string;
}

/** The advisory-lock class of Idempotency-Keys (the second number is a hash of member and key). */
const LOCK_CLASS = 0x1de0;

function lockOf(memberId: number, key: string) {
  return createHash('sha256').update(`${memberId}\n${key}`).digest().readInt32BE(0);
}

/**
 * Holds the key for the rest of the transaction (docs/decisions/0042): a transaction-scoped
 * advisory lock, so a connection that dies (its process killed) frees the key at once. False
 * when another live transaction holds it.
 */
export async function tryHoldKey(tx: Db, memberId: number, key: string): Promise<boolean> {
  const result = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${LOCK_CLASS}::int, ${lockOf(memberId, key)}::int) as held`,
  )) as unknown as { rows: { held: boolean }[] };
  return result.rows[0]?.held === true;
}

/** Like tryHoldKey, but waits for a live holder to finish. */
async function holdKey(tx: Db, memberId: number, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, ${lockOf(memberId, key)}::int)`);
}

export async function findKey(db: Db, memberId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/**
 * Stores the answer; inside the work's transaction (which holds the key) for a success. A row
 * without an answer can only be a claim of the earlier scheme whose request died: taken over.
 */
export async function storeResponse(db: Db, claim: IdempotencyClaim, status: number, body: unknown) {
  await db
    .insert(idempotencyKeys)
    .values({ ...claim, responseStatus: status, responseBody: body })
    .onConflictDoUpdate({
      target: [idempotencyKeys.memberId, idempotencyKeys.key],
      set: { responseStatus: status, responseBody: body, requestHash: claim.requestHash, route: claim.route },
      setWhere: sql`${idempotencyKeys.responseStatus} is null`,
    });
}

/**
 * Keeps a business refusal for replay, after the work rolled back: under the key's lock, and
 * only when no answer was stored meanwhile (a retry that ran in between keeps its own).
 */
export async function storeRefusal(db: Db, claim: IdempotencyClaim, status: number, body: unknown) {
  await db.transaction(async (tx) => {
    await holdKey(tx, claim.memberId, claim.key);
    await storeResponse(tx, claim, status, body);
  });
}
