import type {
  ReportDefinitionResponse,
  ReportFilterKey,
  ReportFilters,
  ReportSort,
} from '@ovation/shared/schemas/reports';
import { ISO_DATE_PATTERN } from '@ovation/shared/iso-date';

/** A report screen's state lives in the URL, so a link (from the dashboard) opens filtered rows. */
export interface ReportViewState {
  filters: ReportFilters;
  page: number;
  pageSize: number;
  sort?: ReportSort;
}

/** What a report allows in its address: the filters it offers and the columns it sorts by. */
export type ReportViewRules = Pick<ReportDefinitionResponse, 'filters' | 'columns'>;

export const PAGE_SIZES = [25, 50, 100] as const;

/**
 * Reads the address tolerantly: whatever the report does not allow (a filter it does not offer, a
 * column it cannot sort by, a page size it does not have) is dropped and the default stands, so a
 * bad link never reaches the server as a request it refuses (decision 0098).
 */
export function readViewState(params: URLSearchParams, rules: ReportViewRules): ReportViewState {
  const filters = readFilters(params, rules.filters);
  const page = Math.min(1_000_000, Math.max(1, Math.floor(Number(params.get('page')) || 1)));
  const size = Number(params.get('pageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0];
  const column = params.get('sort');
  const sortable = rules.columns.some((c) => c.key === column && c.sortable);
  const sort =
    column && sortable
      ? { column, direction: params.get('dir') === 'desc' ? ('desc' as const) : ('asc' as const) }
      : undefined;
  return { filters, page, pageSize, ...(sort ? { sort } : {}) };
}

function readFilters(params: URLSearchParams, allowed: readonly ReportFilterKey[]): ReportFilters {
  const filters: ReportFilters = {};
  for (const key of allowed) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    if (key === 'from' || key === 'to') {
      if (ISO_DATE_PATTERN.test(raw)) filters[key] = raw;
    } else if (key === 'division1' || key === 'division2' || key === 'division3') {
      const id = Number(raw);
      if (Number.isInteger(id) && id > 0) filters[key] = id;
    } else {
      filters[key] = raw.slice(0, 100);
    }
  }
  return filters;
}

export function writeViewState(state: ReportViewState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== PAGE_SIZES[0]) params.set('pageSize', String(state.pageSize));
  if (state.sort) {
    params.set('sort', state.sort.column);
    params.set('dir', state.sort.direction);
  }
  return params;
}

/** The last page there is for `total` rows (1 when there are none). */
export const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
