import { useDeferredValue } from 'react';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  type UseQueryResult,
} from '@tanstack/react-query';
import { REPORT_MAX_PAGE_SIZE } from '@ovation/shared/constants';
import type {
  DashboardResponse,
  ReportDefinitionResponse,
  ReportFilterOptions,
  ReportFilters,
  ReportQueryResponse,
  ReportSort,
  ReportSummary,
} from '@ovation/shared/schemas/reports';
import { api } from '../lib/api-client.ts';
import { downloadFile } from '../lib/download.ts';
import { useDeferredQuery } from '../lib/deferred-query.ts';

/** Reports (issue 12): fetchers, the one query-key factory, and hooks. */

export interface ReportPageRequest {
  filters: ReportFilters;
  page: number;
  pageSize: number;
  sort?: ReportSort;
}

export const reportKeys = {
  all: ['reports'] as const,
  list: () => [...reportKeys.all, 'list'] as const,
  filterOptions: () => [...reportKeys.all, 'filter-options'] as const,
  definition: (reportKey: string) => [...reportKeys.all, 'definition', reportKey] as const,
  page: (reportKey: string, request: ReportPageRequest) => [...reportKeys.all, 'page', reportKey, request] as const,
  dashboard: (from: string, to: string) => [...reportKeys.all, 'dashboard', from, to] as const,
};

const enc = encodeURIComponent;

export const getReports = (signal?: AbortSignal) => api.get<ReportSummary[]>('/api/reports', { signal });
export const getReportDefinition = (reportKey: string, signal?: AbortSignal) =>
  api.get<ReportDefinitionResponse>(`/api/reports/${enc(reportKey)}`, { signal, silent: true });
export const getFilterOptions = (signal?: AbortSignal) =>
  api.get<ReportFilterOptions>('/api/reports/filter-options', { signal });
export const queryReport = (reportKey: string, request: ReportPageRequest, signal?: AbortSignal) =>
  api.post<ReportQueryResponse>(`/api/reports/${enc(reportKey)}/query`, request, { signal, silent: true });
export const getDashboard = (from: string, to: string, signal?: AbortSignal) =>
  api.get<DashboardResponse>(`/api/reports/dashboard?from=${enc(from)}&to=${enc(to)}`, { signal, silent: true });

/** The export URL: filters and sort as query parameters (never the token). */
export function reportExportPath(reportKey: string, format: 'csv' | 'xlsx', filters: ReportFilters, sort?: ReportSort) {
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (sort) {
    params.set('sort', sort.column);
    params.set('direction', sort.direction);
  }
  return `/api/reports/${enc(reportKey)}/export?${params.toString()}`;
}

export function exportReport(reportKey: string, format: 'csv' | 'xlsx', filters: ReportFilters, sort?: ReportSort) {
  return downloadFile(reportExportPath(reportKey, format, filters, sort), `${reportKey}.${format}`, {
    silent: true,
  });
}

export const reportListQuery = () =>
  queryOptions({ queryKey: reportKeys.list(), queryFn: ({ signal }) => getReports(signal) });

export function useReportDefinition(reportKey: string) {
  return useQuery({
    queryKey: reportKeys.definition(reportKey),
    queryFn: ({ signal }) => getReportDefinition(reportKey, signal),
    staleTime: Infinity,
  });
}

export function useFilterOptions() {
  return useQuery({
    queryKey: reportKeys.filterOptions(),
    queryFn: ({ signal }) => getFilterOptions(signal),
    staleTime: 10 * 60_000,
  });
}

/** One page; the previous page stays on screen while the next loads. */
export function useReportPage(reportKey: string, request: ReportPageRequest, enabled = true) {
  return useQuery({
    queryKey: reportKeys.page(reportKey, request),
    queryFn: ({ signal }) => queryReport(reportKey, request, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The most rows a report's chart reads (pages of the largest size). */
export const CHART_MAX_ROWS = 2000;

/**
 * A report's rows for its chart, latest `x` first: the first page says how many there are, and
 * the other pages (up to CHART_MAX_ROWS in all) are read together. `partial` when there were more.
 */
export function useChartRows(reportKey: string, filters: ReportFilters, x: string) {
  const request = (page: number): ReportPageRequest => ({
    filters,
    page,
    pageSize: REPORT_MAX_PAGE_SIZE,
    sort: { column: x, direction: 'desc' },
  });
  // The chart's rows render in slices React can interrupt, as the table's do (decision 0065).
  const first = useDeferredQuery(useReportPage(reportKey, request(1)));
  const total = first.data?.total ?? 0;
  const pages = Math.min(Math.ceil(total / REPORT_MAX_PAGE_SIZE), CHART_MAX_ROWS / REPORT_MAX_PAGE_SIZE);
  const rest = useDeferredValue(
    useQueries({
      queries: Array.from({ length: Math.max(0, pages - 1) }, (_, i) => {
        const next = request(i + 2);
        return {
          queryKey: reportKeys.page(reportKey, next),
          queryFn: ({ signal }: { signal: AbortSignal }) => queryReport(reportKey, next, signal),
        };
      }),
      combine: combinePages,
    }),
  );
  const rows = [first.data?.rows ?? [], ...rest.rows].flat();
  return {
    isPending: first.isPending || rest.isPending,
    error: first.error ?? rest.error,
    fields: first.data?.fields ?? [],
    rows,
    partial: total > rows.length,
  };
}

/** The chart's later pages as one value, the same object while none of them changes. */
function combinePages(results: UseQueryResult<ReportQueryResponse>[]) {
  return {
    isPending: results.some((q) => q.isPending),
    error: results.find((q) => q.isError)?.error ?? null,
    rows: results.map((q) => q.data?.rows ?? []),
  };
}

export function useDashboard(from: string, to: string) {
  return useQuery({
    queryKey: reportKeys.dashboard(from, to),
    queryFn: ({ signal }) => getDashboard(from, to, signal),
    placeholderData: keepPreviousData,
  });
}

export function useExportReport(reportKey: string) {
  return useMutation({
    mutationFn: ({ format, filters, sort }: { format: 'csv' | 'xlsx'; filters: ReportFilters; sort?: ReportSort }) =>
      exportReport(reportKey, format, filters, sort),
  });
}
