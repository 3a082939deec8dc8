import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';
import { useDeferredQuery } from '../lib/deferred-query.ts';

export const trendingKeys = { behaviours: () => ['trending'] as const };

export interface TrendRow {
  displayText: string;
  ranking: number;
  total: number;
}

type RawTrend = unknown[] | { displayText?: unknown; ranking?: unknown; total?: unknown };

/**
 * Trend rows are [displayText, ranking, total] or objects with those names (spec §3); the
 * first row may be a header naming the columns, which is skipped.
 */
export function toTrendRows(report: RawTrend[] | null | undefined): TrendRow[] {
  const rows = (report ?? []).map((r) =>
    Array.isArray(r) ? { displayText: r[0], ranking: r[1], total: r[2] } : { ...r },
  );
  const isHeader = (r: (typeof rows)[number]) =>
    String(r.displayText).toLowerCase() === 'displaytext' || Number.isNaN(Number(r.total));
  return rows
    .filter((r, i) => !(i === 0 && isHeader(r)))
    .filter((r) => typeof r.displayText === 'string' && r.displayText.trim() !== '')
    .map((r) => ({ displayText: String(r.displayText), ranking: Number(r.ranking), total: Number(r.total) }));
}

/** POST /api/site/gettrendingbehaviours: the behaviours most recognised recently. */
export async function getTrending(signal?: AbortSignal): Promise<TrendRow[]> {
  const res = await api.post<{ report: RawTrend[] }>('/api/site/gettrendingbehaviours', {}, { silent: true, signal });
  return toTrendRows(res?.report);
}

export function useTrending(enabled: boolean) {
  return useDeferredQuery(
    useQuery({
      queryKey: trendingKeys.behaviours(),
      queryFn: ({ signal }) => getTrending(signal),
      enabled,
      staleTime: 5 * 60_000,
    }),
  );
}
