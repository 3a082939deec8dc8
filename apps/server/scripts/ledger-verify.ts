// npm run ledger:verify — proves the ledger's invariants on the configured database
// (DATABASE_URL, or the PGlite database in DATA_DIR). Exits 1 on any violation.
import path from 'node:path';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { verifyLedger } from '../src/core/ledger/verify-ledger.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.DATA_DIR, 'pglite'),
  poolSize: 2,
});
try {
  const target = config.DATABASE_URL
    ? new URL(config.DATABASE_URL).pathname.slice(1)
    : path.join(config.DATA_DIR, 'pglite');
  const { findings, stats } = await verifyLedger(database.db);
  console.log(`ledger:verify on ${database.driver} (${target}): ${JSON.stringify(stats)}`);
  for (const f of findings) console.log(`  VIOLATION [${f.check}] ${f.detail}`);
  console.log(findings.length === 0 ? 'ledger OK: every invariant holds' : `${findings.length} violation(s) found`);
  process.exitCode = findings.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
