import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { demoSeedPlan, type AppConfig } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { Db } from './db/db.ts';
import { migrateDatabase } from './db/migrate.ts';
import { hasData, seedDemo } from './seed/seed.ts';

type BootLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Opens the configured database, applies migrations and seeds the demo firm when wanted. */
export async function prepareDatabase(config: AppConfig, log: BootLog): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleConnectionError: (error) =>
      log.warn({ err: error.message }, 'an idle database connection failed; the pool opens another when needed'),
  });
  await migrateDatabase(database);
  await seedDemoIfWanted(database.db, config, log);
  return database;
}

/**
 * Seeds the demo firm into an empty database when the configuration asks for it: never by a
 * production start unless SEED_DEMO=force, and then with a warning nobody can miss.
 */
export async function seedDemoIfWanted(db: Db, config: AppConfig, log: BootLog, seed = seedDemo): Promise<void> {
  const plan = demoSeedPlan(config);
  const context = { seedDemo: config.SEED_DEMO, nodeEnv: config.NODE_ENV };
  if (!plan.seed) {
    if (config.NODE_ENV === 'production' && config.SEED_DEMO !== 'off' && !(await hasData(db))) {
      log.info(context, 'not seeding the demo firm in production (set SEED_DEMO=force for a demo)');
    }
    return;
  }
  if (await hasData(db)) return;
  if (plan.loud) {
    log.warn(
      context,
      'SEEDING THE DEMO FIRM in production: its accounts share the published password from the README. ' +
        'Do not use this database for real members.',
    );
  }
  const started = Date.now();
  const result = await seed(db);
  log.info({ members: result.members, ms: Date.now() - started }, 'seeded the demo firm');
}
