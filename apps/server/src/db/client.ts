import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A Drizzle handle: the database itself or a transaction inside it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The pg pool, when on PostgreSQL (for work that needs one connection, like advisory locks). */
  pool?: Pool;
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
}

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    return { db, driver: 'pg', pool, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.pgliteDir;
  if (!dir.startsWith('memory://')) mkdirSync(path.resolve(dir), { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}
