import { formatDate } from '@ovation/shared/format/date';
import { ISO_DATE_PATTERN as DATE_ONLY } from '@ovation/shared/iso-date';
import type { ReportColumnType } from '@ovation/shared/schemas/reports';
import { csvCell, CSV_NEEDS_QUOTES } from '../../lib/spreadsheet-cells.ts';
import type { ReportColumnDef } from './report-definition.ts';

/**
 * CSV rows of a report, formatted by one function per column chosen once per export (not per
 * cell): the same bytes as wireValue → formatDate/csvCell (dd/MM/yyyy dates, dd/MM/yyyy HH:mm
 * UTC date-times, plain numbers, text neutralised against formulas and quoted when needed),
 * without the round trips through ISO strings, regex replaces and arrays per row.
 */

type CellFormatter = (raw: unknown) => string;

const TWO = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/**
 * PostgreSQL's text for a timestamptz in a UTC session (`2026-11-23 17:03:25.123456+00`), with
 * a four-digit year from 1000: its digits are already the UTC date and time, so they are cut
 * out instead of parsed (the fraction never changes the minute: a Date truncates it).
 */
function isUtcTimestampText(text: string): boolean {
  return (
    text.length >= 22 &&
    text.endsWith('+00') &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(0) !== 48
  );
}

/** dd/MM/yyyy HH:mm in UTC, as formatDate(date.toISOString(), …, 'UTC') writes it. */
function dateTimeCell(raw: unknown): string {
  if (typeof raw === 'string' && isUtcTimestampText(raw)) {
    return `${raw.slice(8, 10)}/${raw.slice(5, 7)}/${raw.slice(0, 4)} ${raw.slice(11, 16)}`;
  }
  const date = raw instanceof Date ? raw : new Date(String(raw));
  if (Number.isNaN(date.getTime())) date.toISOString(); // throws RangeError, as the wire value does
  return `${TWO[date.getUTCDate()]}/${TWO[date.getUTCMonth() + 1]}/${date.getUTCFullYear()} ${TWO[date.getUTCHours()]}:${TWO[date.getUTCMinutes()]}`;
}

/** dd/MM/yyyy of the value's calendar day (a Date's UTC day). */
function dateCell(raw: unknown): string {
  const day = raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).slice(0, 10);
  return DATE_ONLY.test(day)
    ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
    : formatDate(day, 'dd/MM/yyyy', 'UTC');
}

const numberCell: CellFormatter = (raw) => String(Number(raw));

/** Text: a leading = + - @ tab or CR gets an apostrophe; quoted when it holds a quote, separator or line break. */
function textCell(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : String(raw);
  const first = text.charCodeAt(0);
  const safe =
    first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13 ? `'${text}` : text;
  return CSV_NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const FORMATTERS: Record<ReportColumnType, CellFormatter> = {
  text: textCell,
  date: dateCell,
  datetime: dateTimeCell,
  integer: numberCell,
  points: numberCell,
  money: numberCell,
  percent: numberCell,
  mood: numberCell,
};

/** The header line (with the byte-order mark) of a report's CSV. */
export function csvHeader(columns: readonly ReportColumnDef[]): string {
  return '\uFEFF' + columns.map((c) => csvCell(c.title)).join(',') + '\r\n';
}

/** A function that writes a batch of rows as CSV lines (CRLF), one string per batch. */
export function csvBatchWriter(
  columns: readonly ReportColumnDef[],
): (rows: readonly Record<string, unknown>[]) => string {
  const keys = columns.map((c) => c.key);
  const formats = columns.map((c) => FORMATTERS[c.type]);
  const n = keys.length;
  return (rows) => {
    let out = '';
    for (const row of rows) {
      for (let i = 0; i < n; i++) {
        const raw = row[keys[i]!];
        if (i > 0) out += ',';
        if (raw !== null && raw !== undefined) out += formats[i]!(raw);
      }
      out += '\r\n';
    }
    return out;
  };
}
