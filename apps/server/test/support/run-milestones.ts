// A process that runs the daily milestone job once on the database given, as a server instance
// would; the kill -9 test (awards/milestones-kill.pg.test.ts) kills it mid-way.
// Usage: tsx test/support/run-milestones.ts <databaseUrl> <today yyyy-MM-dd>
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openDatabase } from '../../src/db/client.ts';
import { runServiceMilestones } from '../../src/modules/milestones/milestone-job.ts';

const [databaseUrl, today] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl: databaseUrl!, pgliteDir: '', poolSize: 4 });
const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const app = await buildApp({ config, database, closeDatabase: true, logger: false });
await app.ready();
const result = await runServiceMilestones({ ...app.sendServices, log: app.log }, today);
process.stdout.write(JSON.stringify(result));
await app.close();
