import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import type { Db } from './db.ts';

/** src/db/migrations when run from source; dist/migrations next to the bundled server. */
function migrationsFolder(): string {
  const candidates = ['./migrations', './db/migrations'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

const MIGRATION_LOCK = 727_001;

/**
 * Hand-written SQL Drizzle cannot express — the ledger's append-only triggers (docs/decisions/0004)
 * and its posting function (0010) — applied in file-name order after the migrations on every
 * start; each statement is idempotent (CREATE OR REPLACE).
 */
async function applyGuards(db: Db): Promise<void> {
  const candidates = ['./sql', './db/sql'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const dir = candidates.find((p) => existsSync(p));
  if (!dir) throw new Error(`SQL folder not found (looked in ${candidates.join(', ')})`);
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  for (const name of files) {
    for (const statement of readFileSync(path.join(dir, name), 'utf8').split('--> statement-breakpoint')) {
      if (statement.replace(/--.*$/gm, '').trim()) await db.execute(sql.raw(statement));
    }
  }
}

/** Applies the SQL migrations; on PostgreSQL an advisory lock keeps concurrent instances apart. */
export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: migrationsFolderPath });
    await applyGuards(database.db);
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
      await applyGuards(db as unknown as Db);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    client.release();
  }
}
