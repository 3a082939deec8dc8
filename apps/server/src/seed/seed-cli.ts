import path from 'node:path';
import { loadConfig, demoSeedPlan } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { hasData, seedDemo } from './seed.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.DATA_DIR, 'pglite'),
});
await migrateDatabase(database);
if (!demoSeedPlan(config).seed) {
  console.log('demo seeding is off for this configuration (set SEED_DEMO=force to override)');
} else if (await hasData(database.db)) {
  console.log('the database already holds data; the demo seed only runs on an empty database');
} else {
  const result = await seedDemo(database.db);
  console.log(`seeded ${result.members} members`);
}
await database.close();
