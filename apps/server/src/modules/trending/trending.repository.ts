import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';

export const TRENDING_DAYS = 30;
export const TRENDING_LIMIT = 10;

export interface TrendingBehaviour {
  name: string;
  total: number;
}

/** The behaviours most recognised in the last 30 days (kudos_behaviour_created_idx ranges). */
export async function findTrendingBehaviours(db: Db): Promise<TrendingBehaviour[]> {
  return queryRows<TrendingBehaviour>(
    db,
    sql`
      select b.name, t.total from (
        select behaviour_id, count(*)::int as total from kudos
        where behaviour_id is not null and created_at >= now() - make_interval(days => ${TRENDING_DAYS})
        group by behaviour_id) t
      join behaviours b on b.id = t.behaviour_id
      order by t.total desc, b.name
      limit ${TRENDING_LIMIT}`,
  );
}
