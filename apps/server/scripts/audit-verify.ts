// npm run audit:verify — proves the audit trail's chain on the configured database (DATABASE_URL,
// or the PGlite database in DATA_DIR): every row's hash from its content, every sealed row's place
// in the chain. Seals nothing (a read only). Exits 1 naming the first row that does not match.
import { openConfiguredDatabase } from './configured-database.ts';
import { verifyAudit } from '../src/core/audit/audit-log.repository.ts';

const { database, name } = await openConfiguredDatabase();
try {
  const proof = await verifyAudit(database.db);
  console.log(`audit:verify on ${name}: ${proof.sealed} sealed row(s) proved, ${proof.unsealed} awaiting their seal`);
  if (proof.broken) {
    const { id, seq, reason } = proof.broken;
    console.log(`  BROKEN at audit_log id ${id}${seq === null ? ' (not yet sealed)' : `, seq ${seq}`}: ${reason}`);
    process.exitCode = 1;
  } else {
    console.log('audit OK: every row matches its hash and the chain is whole');
  }
} finally {
  await database.close();
}
