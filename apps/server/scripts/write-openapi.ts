// Writes the app's OpenAPI document without starting a server (`npm run lint:openapi` lints it):
// builds the app on an in-memory PGlite, asks it for app.swagger() and writes the JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

const target = path.resolve(process.argv[2] ?? '.test-output/openapi.json');
const database = await openDatabase({ databaseUrl: '', pgliteDir: 'memory://' });
await migrateDatabase(database);
const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const app = await buildApp({ config, database, logger: false });
await app.ready();
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
console.log(`wrote ${path.relative(process.cwd(), target)}`);
