import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

export interface IdempotencyClaim {
  memberId: number;
  key: string;
  route: string;
  requestHash: string;
}

/** Claims the key; true when this request is the first (the insert happened). */
export async function claimKey(db: Db, claim: IdempotencyClaim): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
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
 * Takes over a claim whose request never finished (the instance died mid-request): only one
 * caller wins the conditional update.
 */
export async function reclaimStaleKey(db: Db, claim: IdempotencyClaim, olderThan: Date): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.memberId, claim.memberId),
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.requestHash, claim.requestHash),
        isNull(idempotencyKeys.responseStatus),
        lt(idempotencyKeys.createdAt, olderThan),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function storeResponse(db: Db, memberId: number, key: string, status: number, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
}

export async function releaseKey(db: Db, memberId: number, key: string) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
}
