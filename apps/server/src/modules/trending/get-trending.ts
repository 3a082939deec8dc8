import type { Db } from '../../db/db.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { findTrendingBehaviours, type TrendingBehaviour } from './trending.repository.ts';

type TrendRow = [string, number | string, number | string];

/** Spec §3 trend rows: a header naming the columns, then one row per behaviour ranked 1…10. */
export async function getTrendingBehaviours(
  db: Db,
  cache: TtlCache<TrendingBehaviour[]>,
): Promise<{ report: TrendRow[] }> {
  const rows = await cache.get('trending', () => findTrendingBehaviours(db));
  const header: TrendRow = ['displayText', 'ranking', 'total'];
  return { report: [header, ...rows.map((r, i): TrendRow => [r.name, i + 1, Number(r.total)])] };
}
