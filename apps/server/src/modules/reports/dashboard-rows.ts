import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows as plainRows } from '../../db/sql-rows.ts';

/** A number from a row's value (counts and sums come back as strings or null). */
export const num = (v: unknown) => Number(v ?? 0);

/**
 * Rows of one dashboard query with PostgreSQL's JIT compilation off (decision 0045): the
 * planner's estimates for these small roll-up reads pass its JIT threshold, and compiling took
 * longer than running them (about 100–300 ms of CPU per query on the bench database).
 */
export function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return plainRows<T>(tx, query);
  });
}
