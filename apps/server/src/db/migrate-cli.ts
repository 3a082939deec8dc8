import path from 'node:path';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.DATA_DIR, 'pglite'),
});
await migrateDatabase(database);
await database.close();
console.log(`migrations applied (${database.driver})`);
