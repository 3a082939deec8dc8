// npm run ledger:verify — proves the ledger's invariants on the configured database
// (DATABASE_URL, or the PGlite database in DATA_DIR). Exits 1 on any violation.
import { openConfiguredDatabase } from './configured-database.ts';
import { verifyLedger } from '../src/core/ledger/verify-ledger.ts';

const { database, name } = await openConfiguredDatabase();
try {
  const { findings, stats } = await verifyLedger(database.db);
  console.log(`ledger:verify on ${name}: ${JSON.stringify(stats)}`);
  for (const f of findings) console.log(`  VIOLATION [${f.check}] ${f.detail}`);
  console.log(findings.length === 0 ? 'ledger OK: every invariant holds' : `${findings.length} violation(s) found`);
  process.exitCode = findings.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
