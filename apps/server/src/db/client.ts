import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Pool } from 'pg';
import type { PGliteOptions } from '@electric-sql/pglite';
import { pipelinedTransactions, sequentialTransactions, type Transactions } from './batched-transaction.ts';
import type { Db } from './db.ts';
import * as schema from './schema/index.ts';

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The pg pool, when on PostgreSQL (for work that needs one connection, like advisory locks). */
  pool?: Pool;
  /** The send runner's own pool on PostgreSQL, in pg's pipeline mode (decision 0049). */
  sendPool?: Pool;
  /** The send runner's transactions: pipelined on PostgreSQL, sequential on PGlite (decision 0049). */
  transactions: Transactions;
  /**
   * PGlite only: hears the database's NOTIFYs on a channel (PostgreSQL instances listen through
   * the live relay's own connection instead). Answers a function that stops listening.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string;
  /** PGlite data directory; 'memory://' keeps it in memory (tests). */
  pgliteDir: string;
  poolSize?: number;
  /** PGlite only: e.g. `loadDataDir`, a migrated directory the tests start from. */
  pgliteOptions?: PGliteOptions;
  /**
   * PostgreSQL only: told when an idle pooled connection fails (the server restarted, an
   * administrator ended the session, the network dropped it). The pool has already let the
   * connection go and opens another when next asked; without a listener pg would throw the
   * error and end the process. Default: a warning on standard error.
   */
  onIdleConnectionError?: (error: Error) => void;
}

const warnIdleConnectionError = (error: Error) =>
  console.warn(JSON.stringify({ level: 'warn', err: error.message, msg: 'an idle database connection failed' }));

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // DATABASE_POOL_SIZE connections for reads and ordinary work, and a third as many again for
    // the send runner's pipelined transactions (each is held for about two round trips).
    const size = options.poolSize ?? 20;
    const sendsSize = Math.max(2, Math.ceil(size / 3));
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: size });
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    // The send runner's own connections, in pg's pipeline mode (statements sent together, decision
    // 0049); apart from the main pool because pipelining refuses cursors, which exports use.
    const pipelined = new pg.default.Pool({
      connectionString: options.databaseUrl,
      max: sendsSize,
      pipeline: true,
    } as ConstructorParameters<typeof pg.default.Pool>[0]);
    const onIdleError = options.onIdleConnectionError ?? warnIdleConnectionError;
    pool.on('error', onIdleError);
    pipelined.on('error', onIdleError);
    const transactions = pipelinedTransactions(pipelined, (client) => drizzle({ client, schema }) as unknown as Db);
    return {
      db,
      driver: 'pg',
      pool,
      sendPool: pipelined,
      transactions,
      close: async () => {
        await Promise.all([pool.end(), pipelined.end()]);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.pgliteDir;
  if (!dir.startsWith('memory://')) mkdirSync(path.resolve(dir), { recursive: true });
  const client = await PGlite.create(dir, options.pgliteOptions);
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    transactions: sequentialTransactions(db),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}
