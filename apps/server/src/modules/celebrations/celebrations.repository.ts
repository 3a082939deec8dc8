import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { celebrationsHidden } from '../../core/members/preferences.repository.ts';
import { isRegistered } from '../../core/members/registered.ts';

export interface CelebrationEventRow {
  what: 'ANNIV' | 'BDAY';
  day: string;
  years: number;
  memberId: number;
  firstName: string;
  surname: string;
  picId: string | null;
  division: string | null;
  country: string;
  registered: boolean;
}

/**
 * Birthdays and work anniversaries (1 year or more) of active members on `days` days from
 * `from` (yyyy-MM-dd). A 29 February date is celebrated on 28 February in other years: the
 * day list carries a second (2, 29) key on 28 February of a non-leap year, so the member
 * match stays one hash join on (month, day).
 */
export async function findCelebrations(db: Db, from: string, days: number) {
  return queryRows<CelebrationEventRow>(
    db,
    sql`
      with span as (
        select (${from}::date + i) as day from generate_series(0, ${days - 1}) as i),
      keys as (
        select day, extract(month from day)::int as mm, extract(day from day)::int as dd from span
        union all
        select day, 2, 29 from span
        where extract(month from day) = 2 and extract(day from day) = 28
          and extract(day from make_date(extract(year from day)::int, 3, 1) - 1) = 28),
      events as (
        select 'BDAY' as what, m.id, keys.day, 0 as years
        from members m
        join keys on extract(month from m.birth_date) = keys.mm and extract(day from m.birth_date) = keys.dd
        where m.active
        union all
        select 'ANNIV', m.id, keys.day, (extract(year from keys.day) - extract(year from m.start_date))::int
        from members m
        join keys on extract(month from m.start_date) = keys.mm and extract(day from m.start_date) = keys.dd
        where m.active and extract(year from keys.day) - extract(year from m.start_date) >= 1)
      select e.what, to_char(e.day, 'YYYY-MM-DD') as day, e.years, m.id as "memberId",
        m.first_name as "firstName", m.surname, m.pic_id as "picId", d.name as division, m.country,
        ${isRegistered('m')} as registered
      from events e
      join members m on m.id = e.id
      left join divisions d on d.id = m.division_id
      -- A member may hide their birthday and anniversary (POPIA; decision 0026).
      where not ${celebrationsHidden(sql`m.id`)}
      order by e.day, e.what desc, m.first_name, m.surname, m.id`,
  );
}
