import type { ReportFilters, ReportQueryResponse, ReportSort } from '@ovation/shared/schemas/reports';
import type { reportQueryRequestSchema } from '@ovation/shared/schemas/reports';
import { isIsoDate } from '@ovation/shared/iso-date';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { fieldError } from '../../lib/app-errors.ts';
import type { ReportDefinition } from './report-definition.ts';
import type { CountCache } from './count-cache.ts';
import { birthdayPeriod } from './member-reports.repository.ts';
import { countAndTotals, pageRows, type ReportCounts } from './report-engine.repository.ts';
import { wireRow, wireValue } from './report-values.ts';

type QueryRequest = z.output<typeof reportQueryRequestSchema>;

const MAX_PERIOD_DAYS = 3660;

/**
 * Refuses (400) filters the report does not offer, impossible dates and reversed periods. Field
 * errors are keyed as the request names the filters: `filters.from` in a query's body, `from` in
 * the export's query string (`prefix` '').
 */
export function checkFilters(report: ReportDefinition, filters: ReportFilters, prefix = 'filters.'): ReportFilters {
  for (const key of Object.keys(filters) as (keyof ReportFilters)[]) {
    if (filters[key] === undefined) continue;
    if (!report.filters.includes(key)) throw fieldError(`${prefix}${key}`, 'This report has no such filter');
  }
  for (const key of ['from', 'to'] as const) {
    const value = filters[key];
    if (value !== undefined && !isIsoDate(value)) throw fieldError(`${prefix}${key}`, 'Choose a valid date');
  }
  // The birthdays report walks every day of its period, so the period it will walk is checked,
  // with the current month's ends standing in for an end not given.
  const birthdays = report.key === 'reportbirthdays';
  const period = birthdays ? birthdayPeriod(filters) : filters;
  if (period.from && period.to) {
    if (period.to < period.from) throw fieldError(`${prefix}to`, 'The end date must be on or after the start date');
    const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000;
    const limit = birthdays ? 366 : MAX_PERIOD_DAYS;
    if (days > limit) throw fieldError(`${prefix}from`, `Choose a period of at most ${limit} days`);
  }
  return filters;
}

/** Refuses sorting on a column that is not sortable (error keyed `field`); the default sort otherwise. */
export function checkSort(report: ReportDefinition, sort: ReportSort | undefined, field = 'sort.column'): ReportSort {
  if (!sort) return report.defaultSort;
  const col = report.columns.find((c) => c.key === sort.column);
  const hiddenKey = report.query.kind === 'sql' && report.query.tiebreak === sort.column;
  if (!(col?.sortable || hiddenKey || report.defaultSort.column === sort.column)) {
    throw fieldError(field, 'This column cannot be sorted');
  }
  return sort;
}

/** Compares two wire values for in-memory sorting (nulls last ascending, first descending). */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** Rows of a computed report, sorted: the shared path of the page and the export. */
export async function computedRows(db: Db, report: ReportDefinition, filters: ReportFilters, sort: ReportSort) {
  if (report.query.kind !== 'computed') throw new Error('not a computed report');
  const { rows, note } = await report.query.run(db, filters);
  const sign = sort.direction === 'desc' ? -1 : 1;
  const sorted = [...rows].sort((x, y) => sign * compare(x[sort.column], y[sort.column]));
  return { rows: sorted, note };
}

/** POST /api/reports/{reportKey}/query: one page of the filtered, sorted result with its total and totals. */
export async function queryReport(
  db: Db,
  report: ReportDefinition,
  request: QueryRequest,
  /** Per-instance count/totals cache (services.ts); paging through one filter set counts once. */
  counts?: CountCache<ReportCounts>,
): Promise<ReportQueryResponse> {
  const filters = checkFilters(report, request.filters);
  const sort = checkSort(report, request.sort);
  const offset = (request.page - 1) * request.pageSize;
  const fields = report.columns.map((c) => c.key);
  const note = report.pending;

  if (report.query.kind === 'computed') {
    const { rows, note: computedNote } = await computedRows(db, report, filters, sort);
    return {
      fields,
      rows: rows.slice(offset, offset + request.pageSize).map((row) => wireRow(report.columns, row)),
      total: rows.length,
      ...(computedNote ? { note: computedNote } : {}),
    };
  }

  const sqlQuery = report.query;
  const [rows, { total, totals }] = await Promise.all([
    pageRows(db, report, report.query, filters, sort, request.pageSize, offset),
    counts
      ? counts.get(`${report.key}:${JSON.stringify(filters)}`, () => countAndTotals(db, sqlQuery, filters))
      : countAndTotals(db, sqlQuery, filters),
  ]);
  const totalKeys = Object.keys(report.query.totals ?? {});
  return {
    fields,
    rows: rows.map((row) => wireRow(report.columns, row)),
    total,
    ...(totalKeys.length
      ? {
          totals: Object.fromEntries(
            totalKeys.map((key) => {
              const type = report.columns.find((c) => c.key === key)?.type ?? 'integer';
              return [key, wireValue(type === 'date' || type === 'datetime' ? 'text' : type, totals[key])];
            }),
          ),
        }
      : {}),
    ...(note ? { note } : {}),
  };
}
