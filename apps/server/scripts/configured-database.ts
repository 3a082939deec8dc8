// The database a command-line check runs on: DATABASE_URL, or the PGlite database in DATA_DIR,
// and how to name it in its output.
import path from 'node:path';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';

export async function openConfiguredDatabase() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
    poolSize: 2,
  });
  const target = config.DATABASE_URL
    ? new URL(config.DATABASE_URL).pathname.slice(1)
    : path.join(config.DATA_DIR, 'pglite');
  return { database, name: `${database.driver} (${target})` };
}
