import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';

export const LEADERBOARD_DAYS = 30;
export const LEADERBOARD_SIZE = 5;

export interface LeaderboardRow {
  memberId: number;
  memberName: string;
  division: string;
  picId: string;
  total: number;
}

/** Active members who received the most kudos in the last 30 days (a kudos_created_idx range). */
export async function findLeaderboard(db: Db): Promise<LeaderboardRow[]> {
  const rows = await queryRows<LeaderboardRow>(
    db,
    sql`
      select t.member_id as "memberId", m.first_name || ' ' || m.surname as "memberName",
        coalesce(d.name, '') as division, coalesce(m.pic_id, 'nopic') as "picId", t.total
      from (
        select k.to_member_id as member_id, count(*)::int as total
        from kudos k join members r on r.id = k.to_member_id and r.active
        where k.created_at >= now() - make_interval(days => ${LEADERBOARD_DAYS})
        group by k.to_member_id
        order by total desc, k.to_member_id
        limit ${LEADERBOARD_SIZE}) t
      join members m on m.id = t.member_id
      left join divisions d on d.id = m.division_id
      order by t.total desc, t.member_id`,
  );
  return rows.map((r) => ({ ...r, memberId: Number(r.memberId), total: Number(r.total) }));
}
