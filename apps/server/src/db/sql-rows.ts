import type { SQL } from 'drizzle-orm';
import type { Db } from './db.ts';

/** Rows of a raw SQL query (node-postgres and PGlite both answer with `rows`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** bigint/count columns arrive as strings from node-postgres and as numbers from PGlite. */
export const toNumber = (value: unknown): number => Number(value ?? 0);
