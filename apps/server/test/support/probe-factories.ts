import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import type { Statement } from '../../src/db/statement.ts';
import { createTestDatabase } from './test-database.ts';

/** A test database with a `probe` table, and statements on it, for the batched transactions' tests. */
export function setupProbe() {
  const ctx = {} as { database: Database & { drop(): Promise<void> } };
  beforeAll(async () => {
    ctx.database = await createTestDatabase();
    await ctx.database.db.execute(sql`create table probe (n int primary key)`);
  });
  afterAll(async () => {
    await ctx.database.drop();
  });
  return ctx;
}

export const insertProbe = (n: number): Statement<number> => ({
  sql: sql`insert into probe (n) values (${n}::int) returning n`,
  read: (rows) => Number(rows[0]!.n),
});

export const countProbes = (): Statement<number> => ({
  sql: sql`select count(*)::int as c from probe`,
  read: (rows) => Number(rows[0]!.c),
});

export async function storedProbes(database: Database) {
  const { rows } = (await database.db.execute(sql`select n from probe order by n`)) as unknown as {
    rows: { n: number }[];
  };
  return rows.map((r) => Number(r.n));
}
