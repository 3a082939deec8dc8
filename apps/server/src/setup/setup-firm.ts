import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { readSettings } from '../core/settings/settings.repository.ts';
import { ensureAdministrator, SetupError, type AdminInput } from './first-admin.ts';
import { topUpPrizePool } from './prize-pool.ts';
import {
  ensureMoods,
  nameProgramme,
  setBehaviours,
  setContentPages,
  starterPages,
  type Behaviour,
  type ContentPage,
} from './starter-content.ts';

export interface FirmSetup {
  firmName?: string;
  pointsName?: string;
  admin?: AdminInput;
  /** The firm's behaviours; without them, a starter list when there are none. */
  behaviours?: Behaviour[];
  /** The firm's own content pages; starter pages fill the keys still missing. */
  pages?: ContentPage[];
  /** Points the Game Board's prize pool should hold at least (needs `admin`, who is recorded as having funded it). */
  prizePool?: number;
}

export interface SetupReport {
  lines: string[];
  activationLink?: string;
}

/**
 * Readies a database for a firm's own members (decision 0072): names, moods, behaviours and
 * content pages, a first report administrator, and the prize pool. Every step can run again:
 * nothing is added twice and the firm's later changes are kept (starter content fills only
 * what is missing). The database is migrated first by the caller.
 */
export async function setupFirm(
  database: Database,
  log: FastifyBaseLogger,
  input: FirmSetup,
  publicUrl: string,
): Promise<SetupReport> {
  const { db } = database;
  if (input.prizePool && !input.admin)
    throw new SetupError('Funding the prize pool needs --admin-email (who funds it)');
  const lines: string[] = [];
  await nameProgramme(db, input);
  const names = await readSettings(db, ['clientTitle', 'pointsName']);
  lines.push(`programme: ${names.clientTitle}, points called ${names.pointsName}`);
  if (await ensureMoods(db)) lines.push('daily check-in moods added');
  const behaviours = await setBehaviours(db, input.behaviours);
  if (behaviours) lines.push(behaviours);
  const pages = await setContentPages(db, input.pages ?? [], starterPages(names.pointsName));
  if (pages.length > 0) lines.push(`content pages: ${pages.join(', ')}`);
  const report: SetupReport = { lines };
  if (input.admin) {
    const admin = await ensureAdministrator(db, log, input.admin, publicUrl);
    lines.push(admin.note);
    report.activationLink = admin.activationLink;
    if (input.prizePool) {
      const added = await topUpPrizePool(database, log, admin.memberId, input.prizePool);
      lines.push(
        added > 0
          ? `prize pool funded with ${added} ${names.pointsName}`
          : `prize pool already holds at least ${input.prizePool}`,
      );
    }
  }
  return report;
}
