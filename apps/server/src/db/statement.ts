import { createHash } from 'node:crypto';
import { is, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './db.ts';

export type Row = Record<string, unknown>;

/**
 * One SQL statement and how its rows are read: a step that needs no answer from the statements
 * before it, so the send runner can send it with its neighbours in one write (decision 0049).
 * `read` only reads: a statement refuses by raising in the database (`send_refuse`, decision
 * 0053) and `fail` turns that error into the flow's (e.g. the ledger's overdraft refusal), so any
 * statement may travel in the same write as COMMIT — a refusal aborts the transaction and what was
 * sent after it does nothing. `name` prepares it once per connection (only for statements whose
 * text never changes: values travel as parameters or one jsonb).
 */
export interface Statement<T = void> {
  sql: SQL;
  read: (rows: Row[]) => T;
  fail?: (error: unknown) => unknown;
  name?: string;
  /**
   * It names the transaction's latest posting through `ledger_posted_ids()` (an order, a draw), so
   * the send runner sends it after the posting; it sends every other write ahead of it.
   */
  readsPosting?: true;
  /**
   * What `read` answers, as a jsonb expression a later statement of the same transaction can use
   * without waiting for this one's answer (a send's stored answer built by the database, 0052).
   */
  json?: SQL;
}

export function isStatement(step: unknown): step is Statement<unknown> {
  return typeof step === 'object' && step !== null && 'sql' in step && 'read' in step;
}

/** Runs one statement on its own (a seed, a set-up step, a lock taken as work) and reads it. */
export async function runStatement<T>(db: Db, statement: Statement<T>): Promise<T> {
  let rows: Row[];
  try {
    rows = ((await db.execute(statement.sql)) as unknown as { rows: Row[] }).rows;
  } catch (error) {
    throw statement.fail ? statement.fail(error) : error;
  }
  return statement.read(rows);
}

/** What `read` makes of each statement of a list, as a tuple. */
export type Answers<T extends readonly Statement<unknown>[]> = {
  -readonly [K in keyof T]: T[K] extends Statement<infer R> ? R : never;
};

/**
 * A jsonb object built by the database: values that are SQL go in as they are (jsonb
 * expressions), the others as JSON parameters. The same fields as the object the server builds
 * from the answers, so both give the same JSON (decision 0052).
 */
export function jsonbObject(fields: Record<string, unknown>): SQL {
  const parts = Object.entries(fields).map(
    ([key, value]) => sql`${key}::text, ${is(value, SQL) ? value : sql`${JSON.stringify(value)}::jsonb`}`,
  );
  return sql`jsonb_build_object(${sql.join(parts, sql`, `)})`;
}

const dialect = new PgDialect();

/**
 * A prepared statement's name for SQL whose text depends on how it was composed (e.g. a stored
 * answer built by the database): one name per text, so each text is prepared once per connection.
 */
export function namedByText(query: SQL, prefix: string): string {
  const text = dialect.sqlToQuery(query).sql;
  return `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

/** A write that answers nothing, as a statement (sent with its neighbours). */
export const writeStatement = (write: SQL): Statement => ({ sql: write, read: () => undefined });
