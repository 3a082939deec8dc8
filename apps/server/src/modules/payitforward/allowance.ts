import { and, eq } from 'drizzle-orm';
import type { PayItForwardAllowance } from '@ovation/shared/schemas/recognition';
import type { Db } from '../../db/db.ts';
import { sendDailyTotals } from '../../db/schema/ledger.ts';
import { utcToday } from '../../lib/utc-dates.ts';
import type { ProgrammeSettings } from '../../core/settings/programme-settings.ts';

/**
 * What a member may still pay forward today: the programme's daily cap less what they gave since
 * midnight UTC, as the send's own check counts it (`addDailyTotal`, send_daily_totals).
 */
export async function payItForwardAllowance(
  deps: { db: Db; settings: ProgrammeSettings },
  memberId: number,
  day = utcToday(),
): Promise<PayItForwardAllowance> {
  const [{ payItForwardDailyCap: dailyCap }, [today]] = await Promise.all([
    deps.settings.read(['payItForwardDailyCap']),
    deps.db
      .select({ points: sendDailyTotals.points })
      .from(sendDailyTotals)
      .where(
        and(
          eq(sendDailyTotals.memberId, memberId),
          eq(sendDailyTotals.day, day),
          eq(sendDailyTotals.kind, 'payitforward'),
        ),
      ),
  ]);
  const givenToday = today?.points ?? 0;
  return { dailyCap, givenToday, leftToday: Math.max(0, dailyCap - givenToday) };
}
