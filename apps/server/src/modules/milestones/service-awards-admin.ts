import type { AuditContext } from '../../core/audit/audit-row.ts';
import { saveSetting } from '../../core/settings/save-setting.ts';
import { sql } from 'drizzle-orm';
import type {
  ServiceAwardsAdminResponse,
  ServiceAwardsSettings,
  ServiceBreak,
  serviceBreakRequestSchema,
} from '@ovation/shared/schemas/milestones';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { fieldError, notFound } from '../../lib/app-errors.ts';
import { upcomingMilestones } from './milestone-cards.ts';
import { readServiceAwards } from './milestone-job.ts';

/** Service awards as those who run award programmes see them (decision 0108). */
export async function serviceAwardsAdmin(db: Db, viewerId: number): Promise<ServiceAwardsAdminResponse> {
  const [current, breaks, upcoming] = await Promise.all([
    readServiceAwards(db),
    queryRows<Omit<ServiceBreak, 'days'> & { days: number }>(
      db,
      sql`select b.id as "breakId", b.member_id as "memberId", m.first_name || ' ' || m.surname as "memberName",
            b.starts_on::text as "startsOn", b.ends_on::text as "endsOn", (b.ends_on - b.starts_on + 1)::int as "days",
            b.note
          from service_breaks b join members m on m.id = b.member_id order by b.starts_on desc, b.id desc limit 200`,
    ),
    upcomingMilestones(db, viewerId, 50),
  ]);
  return { settings: current, breaks, upcoming: upcoming.items };
}

/** Saves the settings whole; milestones already announced keep what they were announced with. */
export const saveServiceAwards = (db: Db, context: AuditContext, value: ServiceAwardsSettings) =>
  saveSetting(db, context, 'serviceAwards', value);

type BreakInput = z.output<typeof serviceBreakRequestSchema>;

/** Records a break in a member's service: their milestones not yet announced move on by its days. */
export async function addServiceBreak(db: Db, actorId: number, input: BreakInput): Promise<{ breakId: number }> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into service_breaks (member_id, starts_on, ends_on, note, created_by)
        select id, ${input.startsOn}::date, ${input.endsOn}::date, ${input.note}, ${actorId} from members where id = ${input.memberId}
        returning id`,
  );
  if (!row) throw fieldError('memberId', 'Choose a member');
  return { breakId: row.id };
}

export async function removeServiceBreak(db: Db, breakId: number): Promise<void> {
  const rows = await queryRows(db, sql`delete from service_breaks where id = ${breakId} returning id`);
  if (rows.length === 0) throw notFound('No such break.');
}
