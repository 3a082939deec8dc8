import type { SQL } from 'drizzle-orm';

export type Row = Record<string, unknown>;

/**
 * One SQL statement and how its rows are read: a step that needs no answer from the statements
 * before it, so the send runner can send it with its neighbours in one write (decision 0049).
 * `read` may throw an AppError to refuse; `fail` turns the statement's own database error into
 * the flow's (e.g. the ledger's overdraft refusal); `name` prepares it once per connection
 * (only for statements whose text never changes: values travel as parameters or one jsonb).
 */
export interface Statement<T = void> {
  sql: SQL;
  read: (rows: Row[]) => T;
  fail?: (error: unknown) => unknown;
  name?: string;
}

export function isStatement(step: unknown): step is Statement<unknown> {
  return typeof step === 'object' && step !== null && 'sql' in step && 'read' in step;
}

/** What `read` makes of each statement of a list, as a tuple. */
export type Answers<T extends readonly Statement<unknown>[]> = {
  -readonly [K in keyof T]: T[K] extends Statement<infer R> ? R : never;
};
