import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';

/**
 * Reminds approvers of steps past their programme's service time, and at twice it escalates to
 * each approver's manager, who joins the step (and may decide it). One statement per kind: the
 * UPDATE's `nudges` condition is re-checked under the row lock, so any number of instances
 * running this at once nudge each step once. `now` is the clock (tests pass their own).
 */
function nudgeSql(now: Date, from: 0 | 1) {
  const due = from === 0 ? sql`1` : sql`2`;
  const action = from === 0 ? 'reminded' : 'escalated';
  // Escalation adds the approvers' active managers (not the nominator, nor the nominee) to the step.
  const chain =
    from === 0
      ? sql`n.chain`
      : sql`jsonb_set(n.chain, array[n.step::text], (
          select coalesce(jsonb_agg(distinct x), '[]') from (
            select jsonb_array_elements(n.chain -> n.step) as x
            union
            select to_jsonb(m.manager_id) from members m join members boss on boss.id = m.manager_id and boss.active
            where m.id in (select (jsonb_array_elements_text(n.chain -> n.step))::int)
              and m.manager_id not in (n.nominator_id, n.nominee_id)) s))`;
  return sql`
    with due as (
      select n.id from award_nominations n join award_programmes p on p.id = n.programme_id
      where n.status = 'pending' and n.nudges = ${from}
        and n.step_started_at + make_interval(hours => p.service_hours * ${due}) <= ${now.toISOString()}::timestamptz
      order by n.id limit 500
    ), upd as (
      update award_nominations n set nudges = ${from + 1}, chain = ${chain}
      from due where n.id = due.id and n.status = 'pending' and n.nudges = ${from}
      returning n.id, n.step, n.chain, n.nominator_id, n.nominee_id, n.programme_id
    ), ev as (
      insert into award_nomination_events (nomination_id, action, step)
      select id, ${action}::text, step from upd
    ), told as (
      select distinct upd.id, (a.approver)::int as member_id, upd.nominator_id, upd.nominee_id, upd.programme_id
      from upd, jsonb_array_elements_text(upd.chain -> upd.step) as a(approver)
    ), bell as (
      insert into notifications (member_id, kind, actor_member_id, award_nomination_id)
      select member_id, 'award_to_approve', nominator_id, id from told
    ), mailed as (
      insert into email_outbox (kind, to_address, subject, body_text)
      select ${`award-${action}`}::text, m.email,
        ${from === 0 ? 'Reminder: an award nomination waits for your approval' : 'An award nomination was escalated to you'}::text
          || ': ' || p.name,
        'Hi ' || m.first_name || E',\n\n' || tm.first_name || ' ' || tm.surname || ' was nominated for ' || p.name ||
        ${
          from === 0
            ? ' and it is still waiting for your approval.'
            : ' and the approval waits longer than it should: you may now approve, change the level or decline it.'
        }::text || E'\n\nOpen Awards, then Approvals.'
      from told join members m on m.id = told.member_id and m.active and m.email <> ''
      join members tm on tm.id = told.nominee_id join award_programmes p on p.id = told.programme_id
      returning id
    )
    select (select count(*) from upd)::int as nudged, (select count(*) from mailed)::int as mailed`;
}

export async function runAwardReminders(db: Db, now = new Date()): Promise<{ reminded: number; escalated: number }> {
  const [reminded] = await queryRows<{ nudged: number }>(db, nudgeSql(now, 0));
  const [escalated] = await queryRows<{ nudged: number }>(db, nudgeSql(now, 1));
  return { reminded: reminded?.nudged ?? 0, escalated: escalated?.nudged ?? 0 };
}

/** Runs the reminders every `intervalMs` (every 15 minutes by default). */
export function startAwardReminders(deps: { db: Db; log: FastifyBaseLogger }, intervalMs = 900_000) {
  return startPeriodicJob(
    deps.log,
    {
      work: () => runAwardReminders(deps.db),
      done: (n) => (n.reminded > 0 || n.escalated > 0 ? 'award approvers reminded' : null),
      failed: 'award reminders failed',
    },
    intervalMs,
  );
}
