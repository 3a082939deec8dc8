import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { voucherCodes } from '../../db/schema/index.ts';

/**
 * A reward's pool of voucher codes: loading codes into it, counting what is free, and taking
 * codes for an order line. A code is handed out once, firm-wide.
 */

/**
 * The ids of `quantity` free codes of a reward, oldest first, locked: rows another checkout holds
 * are skipped, never shared. SQL for a subquery; `rewardId` and `quantity` may be columns.
 */
export const freeCodes = (rewardId: SQL, quantity: SQL) => sql`
  select id from voucher_codes
  where reward_id = ${rewardId} and order_line_id is null
  order by id limit ${quantity}
  for update skip locked`;

/** Allocates `quantity` codes from the reward's pool to an order line (the demo seed's orders). */
export async function allocateCodes(db: Db, rewardId: number, orderLineId: number, quantity: number) {
  return db.execute(sql`
    update voucher_codes set order_line_id = ${orderLineId}
    where id in (${freeCodes(sql`${rewardId}`, sql`${quantity}`)})
    returning id, code`) as unknown as Promise<{ rows: { id: number; code: string }[] }>;
}

export async function insertCodes(db: Db, rewardId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .insert(voucherCodes)
    .values(codes.map((code) => ({ rewardId, code })))
    .onConflictDoNothing()
    .returning({ id: voucherCodes.id });
}

/** Which of `codes` are in any item's pool (given out or not): a code is handed out once, firm-wide. */
export async function existingCodes(db: Db, codes: string[]) {
  if (codes.length === 0) return [];
  const rows = await db
    .selectDistinct({ code: voucherCodes.code })
    .from(voucherCodes)
    .where(inArray(voucherCodes.code, codes));
  return rows.map((r) => r.code);
}

/** The advisory-lock key that queues code loads, so two loads of one code into two items cannot both pass. */
const CODE_LOADS_LOCK = 727052;

/** Holds the firm's code loads for the rest of the transaction. */
export async function lockCodeLoads(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CODE_LOADS_LOCK})`);
}

export async function countFreeCodes(db: Db, rewardIds: number[]) {
  if (rewardIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ rewardId: voucherCodes.rewardId, n: sql<number>`count(*)::int` })
    .from(voucherCodes)
    .where(and(inArray(voucherCodes.rewardId, rewardIds), isNull(voucherCodes.orderLineId)))
    .groupBy(voucherCodes.rewardId);
  return new Map(rows.map((r) => [r.rewardId, r.n]));
}
