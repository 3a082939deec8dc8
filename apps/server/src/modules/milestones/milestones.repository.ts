import { sql } from 'drizzle-orm';
import type { ServiceAwardsSettings } from '@ovation/shared/schemas/milestones';
import type { Db } from '../../db/db.ts';
import { queryRows, toNumber } from '../../db/sql-rows.ts';

/**
 * Service milestones in SQL (decision 0108). A member's service runs from their start date (the
 * members upload's "Start date", the hire date); each recorded break moves every later milestone
 * on by its days. A milestone of Y years falls on start + Y years + break days (29 February becomes
 * 28 February in other years) and is posted on that day, or the Friday before when it is a weekend.
 */

/** SQL: the Friday before a weekend day, else the day itself. */
const postDay = (day: ReturnType<typeof sql>) =>
  sql`(${day} - (case extract(isodow from ${day}) when 6 then 1 when 7 then 2 else 0 end)::int)`;

/**
 * One statement, set-based over the whole firm: the milestones of active members that fall within
 * the notice period from `today` and are not yet recorded are recorded (what they give copied from
 * the settings, the message prefilled), and each member's active manager gets a bell notice and an
 * e-mail. `on conflict do nothing` on (member, years) makes any number of runs at once, on any
 * number of instances, record and tell each milestone once.
 */
export function announceMilestonesSql(settings: ServiceAwardsSettings, today: string, pointsName: string) {
  const levels = JSON.stringify(settings.milestones);
  return sql`
    with cfg as (
      select (l->>'years')::int as years, (l->>'points')::int as points, l->>'form' as form,
             coalesce(l->>'giftName', '') as gift_name, coalesce((l->>'giftValueRand')::numeric, 0) as gift_value
      from jsonb_array_elements(${levels}::jsonb) l
    ), svc as (
      select m.id, m.manager_id, m.first_name, m.start_date, coalesce(b.days, 0) as break_days
      from members m
      left join (select member_id, sum(ends_on - starts_on + 1)::int as days from service_breaks group by member_id) b
        on b.member_id = m.id
      where m.active and m.start_date is not null and m.start_date <= ${today}::date
    ), due as (
      select s.id as member_id, s.manager_id, s.first_name, c.*, s.break_days = 0 as unbroken,
             ((s.start_date + make_interval(years => c.years))::date + s.break_days) as milestone_on
      from svc s cross join cfg c
    ), ins as (
      insert into service_milestones (member_id, years, milestone_on, post_on, form, points, gift_name, value_rand,
                                      unbroken, manager_id, message)
      select d.member_id, d.years, d.milestone_on, ${postDay(sql`d.milestone_on`)}, d.form,
             case when d.form = 'points' then d.points else 0 end, d.gift_name,
             case when d.form = 'points' then round(d.points * ${settings.randPerPoint}::numeric, 2) else d.gift_value end,
             d.unbroken, boss.id,
             'Congratulations on ' || d.years || case when d.years = 1 then ' year' else ' years' end
               || ' with us, ' || d.first_name || '! Thank you for everything you bring to the team.'
      from due d left join members boss on boss.id = d.manager_id and boss.active
      where d.milestone_on between ${today}::date and ${today}::date + ${settings.noticeDays}::int
      on conflict (member_id, years) do nothing
      returning id, member_id, manager_id, years, milestone_on, points, form, gift_name
    ), bell as (
      insert into notifications (member_id, kind, actor_member_id, service_milestone_id)
      select manager_id, 'milestone_upcoming', member_id, id from ins where manager_id is not null
    ), mailed as (
      insert into email_outbox (kind, to_address, subject, body_text)
      select 'milestone-upcoming', boss.email,
        m.first_name || ' ' || m.surname || ' reaches ' || ins.years || ' years of service on '
          || to_char(ins.milestone_on, 'FMDD FMMonth YYYY'),
        'Hi ' || boss.first_name || E',\n\n' || m.first_name || ' ' || m.surname || ' reaches ' || ins.years
          || ' years of service on ' || to_char(ins.milestone_on, 'FMDD FMMonth YYYY') || E'.\n\n'
          || case when ins.form = 'points' and ins.points > 0 then 'They will receive ' || ins.points || ' '
               || ${pointsName}::text || E' on the day.\n\n'
             when ins.form = 'gift' and ins.gift_name <> '' then 'They will receive ' || ins.gift_name || E'.\n\n'
             else '' end
          || 'A message to them is written for you: change it, and invite the team to sign the card, under '
          || E'Awards, then Milestones, before the day.'
      from ins join members boss on boss.id = ins.manager_id and boss.email <> ''
      join members m on m.id = ins.member_id
      returning id
    )
    select (select count(*) from ins)::int as announced, (select count(*) from mailed)::int as mailed`;
}

export async function announceMilestones(db: Db, settings: ServiceAwardsSettings, today: string, pointsName: string) {
  const [row] = await queryRows<{ announced: number; mailed: number }>(
    db,
    announceMilestonesSql(settings, today, pointsName),
  );
  return { announced: row?.announced ?? 0, mailed: row?.mailed ?? 0 };
}

/** Milestones due by `today` and not yet posted (their members still active), oldest first. */
export async function findDueMilestones(db: Db, today: string, limit = 500): Promise<number[]> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`select sm.id from service_milestones sm join members m on m.id = sm.member_id and m.active
        where sm.posted_at is null and sm.post_on <= ${today}::date order by sm.post_on, sm.id limit ${limit}`,
  );
  return rows.map((r) => toNumber(r.id));
}

export interface LockedMilestone {
  id: number;
  memberId: number;
  managerId: number | null;
  years: number;
  form: 'points' | 'gift';
  points: number;
  giftName: string;
  message: string;
  posted: boolean;
}

/** The milestone, locked for posting: a second poster waits here, then finds it posted. */
export async function lockMilestone(tx: Db, id: number): Promise<LockedMilestone | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select id, member_id, manager_id, years, form, points, gift_name, message, posted_at is not null as posted
        from service_milestones where id = ${id} for update`,
  );
  if (!row) return undefined;
  return {
    id: toNumber(row.id),
    memberId: Number(row.member_id),
    managerId: row.manager_id == null ? null : Number(row.manager_id),
    years: Number(row.years),
    form: row.form as 'points' | 'gift',
    points: Number(row.points),
    giftName: String(row.gift_name),
    message: String(row.message),
    posted: row.posted === true,
  };
}

/** The label of a milestone's Kudos Thread item and statement line. */
export const milestoneLabel = (years: number) => `${years} ${years === 1 ? 'year' : 'years'} of service`;

/**
 * Posts the milestone: its Kudos Thread item (from the manager, or from the member themself when
 * they have none) with the manager's message and the card's messages under it, the row marked
 * posted, and the member's bell notice.
 */
export async function recordPosted(tx: Db, m: LockedMilestone, transactionId: number | null): Promise<number> {
  const gift = m.form === 'gift' && m.giftName ? ` — ${m.giftName}` : '';
  const [row] = await queryRows<{ id: unknown }>(
    tx,
    sql`with card as (
          select string_agg(a.first_name || ' ' || a.surname || ': ' || c.message, E'\n' order by c.signed_at) as lines
          from milestone_card_messages c join members a on a.id = c.author_id where c.milestone_id = ${m.id}
        ), k as (
          insert into kudos (kind, from_member_id, to_member_id, message, label, points, ledger_transaction_id)
          values ('award', ${m.managerId ?? m.memberId}, ${m.memberId},
                  ${m.message} || coalesce(E'\n\nFrom the card:\n' || (select lines from card), ''),
                  ${milestoneLabel(m.years) + gift},
                  ${m.form === 'points' ? m.points : 0}, ${transactionId})
          returning id
        ), upd as (
          update service_milestones set posted_at = now(), transaction_id = ${transactionId}, kudos_id = (select id from k)
          where id = ${m.id}
        ), bell as (
          insert into notifications (member_id, kind, actor_member_id, service_milestone_id, points, message_log_id)
          select ${m.memberId}, 'milestone_received', ${m.managerId}, ${m.id}, ${m.form === 'points' ? m.points : 0}, id
          from k
        )
        select id from k`,
  );
  return toNumber(row!.id);
}
