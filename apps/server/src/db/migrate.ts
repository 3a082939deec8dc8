import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** src/db/migrations when run from source; dist/migrations next to the bundled server. */
function migrationsFolder(): string {
  const candidates = ['./migrations', './db/migrations'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

const MIGRATION_LOCK = 727_001;

/** Applies the SQL migrations; on PostgreSQL an advisory lock keeps concurrent instances apart. */
export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: migrationsFolderPath });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const client = await database.pool!.connect();
  try {
    const db = drizzle({ client });
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migrate(db, { migrationsFolder: migrationsFolderPath });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    client.release();
  }
}
