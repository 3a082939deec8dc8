import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '../../src/db/client.ts';

/**
 * Connections per test database: 24 for reads and ordinary work and 8 for the send runner. Two
 * workers' files at once stay under PostgreSQL's default max_connections (100), and 50 concurrent
 * requests still race for real.
 */
const TEST_POOL_SIZE = 24;

/**
 * Each test file gets its own database, a copy of the one migrated database of the run
 * (global-setup.ts): an in-memory PGlite started from the migrated data directory, or
 * (TEST_DB_DRIVER=pg) a new PostgreSQL database created from the migrated template on the
 * TEST_DATABASE_URL server and dropped afterwards.
 */
export async function createTestDatabase(
  options: Pick<DatabaseOptions, 'onIdleConnectionError'> = {},
): Promise<Database & { drop(): Promise<void> }> {
  if (process.env.TEST_DB_DRIVER !== 'pg') {
    const loadDataDir = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openDatabase({ databaseUrl: '', pgliteDir: 'memory://', pgliteOptions: { loadDataDir } });
    return { ...database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `ovation_t_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, (admin) => admin.query(`create database ${name} template ${inject('pgTemplate')}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    pgliteDir: '',
    poolSize: TEST_POOL_SIZE,
    ...options,
  });
  return {
    ...database,
    async drop() {
      await database.close();
      await onServer(adminUrl, async (admin) => {
        await untilNoSessions(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

/** Runs `work` on one connection to the server's admin database. */
export async function onServer<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * pool.end() resolves before its clients have hung up: a forced drop would then kill them
 * mid-goodbye and they would throw, and a copy of a template would be refused. Waits (briefly)
 * for them to leave first.
 */
export async function untilNoSessions(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
