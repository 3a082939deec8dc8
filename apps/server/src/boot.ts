import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { shouldSeedDemo, type AppConfig } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { hasData, seedDemo } from './db/seed/seed.ts';

/** Opens the configured database, applies migrations and seeds the demo firm when empty. */
export async function prepareDatabase(config: AppConfig, log: Pick<FastifyBaseLogger, 'info'>): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await migrateDatabase(database);
  if (shouldSeedDemo(config) && !(await hasData(database.db))) {
    const started = Date.now();
    const result = await seedDemo(database.db);
    log.info({ members: result.members, ms: Date.now() - started }, 'seeded the demo firm');
  }
  return database;
}
