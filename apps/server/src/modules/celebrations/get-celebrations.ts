import { DEFAULT_PROFILE_PIC_ID } from '@ovation/shared/constants';
import type { CelebrationRow } from '@ovation/shared/schemas/feed';
import type { Db } from '../../db/db.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { utcToday } from '../../lib/utc-dates.ts';
import { findCelebrations, type CelebrationEventRow } from './celebrations.repository.ts';
import { celebrationMemberId } from './member-hash.ts';

export interface CelebrationDeps {
  db: Db;
  /** Per instance, by day and range (FEED_CACHE_SECONDS). */
  cache: TtlCache<CelebrationRow[]>;
  secret: Buffer;
}

function present(rows: CelebrationEventRow[], secret: Buffer): CelebrationRow[] {
  return rows.map((r, i) => ({
    what: r.what,
    _rowNum: i + 1,
    picId: r.picId ?? DEFAULT_PROFILE_PIC_ID,
    memberId: celebrationMemberId(secret, Number(r.memberId), r.registered === true),
    firstName: r.firstName,
    surname: r.surname,
    dOBdate: r.day,
    years: Number(r.years),
    division: r.division ?? '',
    country: r.country,
  }));
}

/** Today's birthdays and work anniversaries (the firm's day, UTC). */
export function getTodaysCelebrations(deps: CelebrationDeps, now = new Date()): Promise<CelebrationRow[]> {
  const today = utcToday(now);
  return deps.cache.get(`today:${today}`, async () => present(await findCelebrations(deps.db, today, 1), deps.secret));
}

/** The coming `days` days, today included, by date. */
export function getUpcomingCelebrations(deps: CelebrationDeps, days: number, now = new Date()) {
  const today = utcToday(now);
  return deps.cache.get(`upcoming:${today}:${days}`, async () =>
    present(await findCelebrations(deps.db, today, days), deps.secret),
  );
}
