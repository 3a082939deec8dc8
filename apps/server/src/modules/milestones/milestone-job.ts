import { serviceAwardsSettingsSchema, type ServiceAwardsSettings } from '@ovation/shared/schemas/milestones';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { readSettings } from '../../core/settings/settings.repository.ts';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/app-errors.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import { utcToday } from '../../lib/utc-dates.ts';
import { announceMilestones, findDueMilestones } from './milestones.repository.ts';
import { ALREADY_POSTED, postMilestone } from './post-milestone.ts';

/** The firm's service-award settings, read fresh (the job runs a few times a day). */
export async function readServiceAwards(db: Db): Promise<ServiceAwardsSettings> {
  const { serviceAwards } = await readSettings(db, ['serviceAwards']);
  return serviceAwardsSettingsSchema.parse(serviceAwards);
}

export interface MilestoneRun {
  announced: number;
  mailed: number;
  posted: number;
}

/**
 * The daily milestone job (decision 0108), for `today` (yyyy-MM-dd, UTC; tests pass their own
 * clock): one set-based statement records and announces what falls within the notice period,
 * then each milestone due is posted through the send runner. Any number of runs at once, on any
 * number of instances, announce and post each milestone once: the unique (member, years) row and
 * its lock decide, and a run that finds one posted moves on.
 */
export async function runServiceMilestones(deps: SendDeps, today = utcToday()): Promise<MilestoneRun> {
  const settings = await readServiceAwards(deps.db);
  if (!settings.enabled) return { announced: 0, mailed: 0, posted: 0 };
  const { pointsName } = await deps.settings.read(['pointsName']);
  const { announced, mailed } = await announceMilestones(deps.db, settings, today, pointsName);
  let posted = 0;
  for (;;) {
    const due = await findDueMilestones(deps.db, today);
    let progressed = false;
    for (const id of due) {
      try {
        await postMilestone(deps, id);
        posted += 1;
        progressed = true;
      } catch (err) {
        if (!(err instanceof AppError && err.message === ALREADY_POSTED)) throw err;
      }
    }
    // A full page may hide more; a page where another run posted everything ends it.
    if (due.length < 500 || !progressed) break;
  }
  return { announced, mailed, posted };
}

/** Runs the job now and then every `intervalMs` (hourly by default: a day is never missed). */
export function startServiceMilestones(deps: SendDeps, intervalMs = 3_600_000) {
  return startPeriodicJob(
    deps.log,
    {
      work: () => runServiceMilestones(deps),
      done: (n) => (n.announced > 0 || n.posted > 0 ? 'service milestones announced or posted' : null),
      failed: 'service milestones failed',
    },
    intervalMs,
    true,
  );
}
