import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

/**
 * Each test file gets its own database: an in-memory PGlite, or (TEST_DB_DRIVER=pg) a new
 * PostgreSQL database created on the TEST_DATABASE_URL server and dropped afterwards.
 */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (process.env.TEST_DB_DRIVER !== 'pg') {
    const database = await openDatabase({ databaseUrl: '', pgliteDir: 'memory://' });
    await migrateDatabase(database);
    return { ...database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `ovation_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 45 });
  await migrateDatabase(database);
  return {
    ...database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pool.end() resolves before its clients have hung up; a forced drop would then kill
      // them mid-goodbye and they would throw. Wait (briefly) for them to leave first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
