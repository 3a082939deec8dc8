import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { pruneAudit, sealAudit } from './audit-log.repository.ts';

/** Seals what was written since the last run, page by page, until nothing waits (decision 0113). */
export async function sealAll(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const sealed = await sealAudit(db);
    total += sealed;
    if (sealed < 2000) return total;
  }
}

/** The sealer, every two seconds on each instance (one seals at a time; the others find nothing to do). */
export function startAuditSealer(deps: { db: Db; log: FastifyBaseLogger }, intervalMs = 2_000) {
  return startPeriodicJob(
    deps.log,
    { work: () => sealAll(deps.db), done: () => null, failed: 'the audit trail could not be sealed' },
    intervalMs,
    true,
  );
}

/** The retention, daily: sealed rows older than the `auditRetentionDays` setting go, a checkpoint kept. */
export function startAuditRetention(deps: { db: Db; log: FastifyBaseLogger }, intervalMs = 86_400_000) {
  return startPeriodicJob(
    deps.log,
    {
      work: async () => {
        const { auditRetentionDays } = await readSettings(deps.db, ['auditRetentionDays']);
        return { removed: await pruneAudit(deps.db, auditRetentionDays) };
      },
      done: (r) => (r.removed > 0 ? 'audit rows past their retention removed' : null),
      failed: 'the audit retention could not run',
    },
    intervalMs,
  );
}
