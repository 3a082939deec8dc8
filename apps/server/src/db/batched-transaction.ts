import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient, QueryResult } from 'pg';
import type { Db } from './db.ts';
import type { Answers, Row, Statement } from './statement.ts';

/**
 * A transaction whose statements can travel together (decision 0049). On PostgreSQL the
 * connection is in pg's pipeline mode: `run` sends its statements in ONE write (with BEGIN in
 * front on the first call) and then reads their answers in order; `commit` sends its statements
 * and COMMIT together. Elsewhere (PGlite) the same calls run the statements one after another in
 * an ordinary transaction. Either way a statement's failure aborts the transaction, so the ones
 * sent after it do nothing that lasts.
 */
export interface BatchedTransaction {
  /** The transaction as a Drizzle handle, for work that needs an answer before its next statement. */
  tx(): Promise<Db>;
  /** Sends the statements; answers what each one's `read` made of its rows, in order. */
  run(statements: Statement<unknown>[]): Promise<unknown[]>;
  /** Sends the statements, then COMMIT; answers as `run`. */
  commit(statements: Statement<unknown>[]): Promise<unknown[]>;
}

/** Opens batched transactions: the send runner's one way into the database for its writes. */
export interface Transactions {
  /**
   * One transaction. `before` are statements of their own that must count even when the
   * transaction rolls back (a rate limit): sent ahead of BEGIN in the first write.
   */
  run<T>(work: (t: BatchedTransaction) => Promise<T>, before?: Statement<unknown>[]): Promise<T>;
  /** Reads before a transaction, sent together (one write on PostgreSQL), each on its own. */
  read<T extends readonly Statement<unknown>[]>(statements: [...T]): Promise<Answers<T>>;
}

const failed = (statement: Statement<unknown>, error: unknown) => (statement.fail ? statement.fail(error) : error);

/** Runs the statements one after another; the first refusal or failure stops them. */
async function oneByOne(db: Db, statements: Statement<unknown>[]) {
  const answers: unknown[] = [];
  for (const statement of statements) {
    let rows: Row[];
    try {
      rows = ((await db.execute(statement.sql)) as unknown as { rows: Row[] }).rows;
    } catch (error) {
      throw failed(statement, error);
    }
    answers.push(statement.read(rows));
  }
  return answers;
}

/** Ordinary transactions through Drizzle (PGlite, and anything without a pipelined pool). */
export function sequentialTransactions(db: Db): Transactions {
  return {
    read: async (statements) => (await oneByOne(db, statements)) as never,
    async run(work, before = []) {
      let committed = false;
      await oneByOne(db, before);
      return db.transaction(async (tx) => {
        const runAll = (statements: Statement<unknown>[]) => oneByOne(tx, statements);
        const value = await work({
          tx: async () => tx,
          run: runAll,
          async commit(statements) {
            const answers = await runAll(statements);
            committed = true;
            return answers;
          },
        });
        if (!committed) throw new Error('batched transaction: the work ended without commit()');
        return value;
      });
    },
  };
}

const dialect = new PgDialect();
const control = (text: string): Statement => ({ sql: sql.raw(text), read: () => undefined });
const BEGIN = control('begin');
const COMMIT = control('commit');

/** A settled query: its result, or its error as a value (so no later answer goes unhandled). */
const settle = [
  (result: QueryResult) => result,
  (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
] as const;

/**
 * Sends the statements on a pipelined client in ONE write (the socket corked around them), then
 * reads the answers in order, as one statement after another would have: the first refusal or
 * failure wins.
 */
async function exchange(
  client: PoolClient,
  statements: Statement<unknown>[],
  settled: (results: (QueryResult | Error)[]) => void = () => undefined,
) {
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  const pending: Promise<QueryResult | Error>[] = [];
  stream.cork();
  try {
    for (const statement of statements) {
      const query = dialect.sqlToQuery(statement.sql);
      const config = statement.name
        ? { name: statement.name, text: query.sql, values: query.params }
        : { text: query.sql, values: query.params };
      pending.push(client.query(config).then(...settle));
    }
  } finally {
    stream.uncork();
  }
  const results = await Promise.all(pending);
  settled(results);
  return statements.map((statement, i) => {
    const result = results[i]!;
    if (result instanceof Error) throw failed(statement, result);
    return statement.read(result.rows as Row[]);
  });
}

/**
 * Batched transactions on a pool whose clients were made with `pipeline: true` (decision 0049).
 * `drizzleOn` wraps a pool client in a Drizzle handle (kept per client).
 */
export function pipelinedTransactions(pool: Pool, drizzleOn: (client: PoolClient) => Db): Transactions {
  const handles = new WeakMap<PoolClient, Db>();
  const handleOf = (client: PoolClient) => {
    let handle = handles.get(client);
    if (!handle) handles.set(client, (handle = drizzleOn(client)));
    return handle;
  };

  return {
    async read(statements) {
      const client = await pool.connect();
      try {
        return (await exchange(client, statements)) as never;
      } finally {
        client.release();
      }
    },

    async run(work, before = []) {
      const client = await pool.connect();
      let begun = false;
      let open = false;
      let broken = false;
      // `before` and BEGIN go out with the first statements.
      const send = async (
        statements: Statement<unknown>[],
        tail: Statement<unknown>[] = [],
        settled?: (results: (QueryResult | Error)[]) => void,
      ) => {
        const head = begun ? [] : [...before, BEGIN];
        begun = open = true;
        const answers = await exchange(client, [...head, ...statements, ...tail], settled);
        return answers.slice(head.length, head.length + statements.length);
      };
      try {
        const value = await work({
          async tx() {
            if (!begun) await send([]);
            return handleOf(client);
          },
          run: (statements) => send(statements),
          async commit(statements) {
            // COMMIT answered (even after a statement before it failed: PostgreSQL then rolls
            // back) ends the transaction, so a refusal needs no ROLLBACK round trip (0053).
            const answers = await send(statements, [COMMIT], (results) => {
              if (!(results.at(-1) instanceof Error)) open = false;
            });
            open = false;
            return answers;
          },
        });
        if (open) throw new Error('batched transaction: the work ended without commit()');
        return value;
      } catch (error) {
        if (open) {
          try {
            await client.query('rollback');
          } catch {
            broken = true;
          }
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}
