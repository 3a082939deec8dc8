import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { ReportFilters, ReportSort } from '@ovation/shared/schemas/reports';
import type { Db } from '../../db/db.ts';
import { neutraliseXlsxText } from '../../lib/spreadsheet-cells.ts';
import { csvBatchWriter, csvHeader } from './csv-rows.ts';
import type { ReportColumnDef, ReportDefinition } from './report-definition.ts';
import { forEachBatch } from './report-engine.repository.ts';
import { wireValue } from './report-values.ts';
import { computedRows } from './query-report.ts';

export type ExportFormat = 'csv' | 'xlsx';
const BATCH = 2000;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * An XLSX cell: real numbers and dates (shown dd/mm/yyyy), text as typed text. A text cell is
 * never run as a formula when opened; only text that would become one if someone edited the cell
 * and pressed Enter is neutralised (`neutraliseXlsxText`), so a phone number keeps its +.
 */
function xlsxValue(col: ReportColumnDef, raw: unknown): string | number | Date | null {
  const value = wireValue(col.type, raw);
  if (value === null) return null;
  if (col.type === 'date' || col.type === 'datetime')
    return new Date(col.type === 'date' ? `${value}T00:00:00Z` : value);
  if (typeof value === 'number') return value;
  return neutraliseXlsxText(value);
}

async function writeChunk(out: PassThrough, chunk: string) {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Waits while the response is behind, so rows are fetched only as fast as the client reads. */
async function keepUp(out: PassThrough) {
  if (out.writableNeedDrain) await once(out, 'drain');
}

async function rowsInBatches(
  db: Db,
  report: ReportDefinition,
  filters: ReportFilters,
  sort: ReportSort,
  onBatch: (rows: Record<string, unknown>[]) => Promise<void>,
) {
  if (report.query.kind === 'computed') {
    const { rows } = await computedRows(db, report, filters, sort);
    for (let i = 0; i < rows.length; i += BATCH) await onBatch(rows.slice(i, i + BATCH));
    return;
  }
  await forEachBatch(db, report, report.query, filters, sort, BATCH, onBatch);
}

/**
 * The whole filtered, sorted result as a stream: rows come from a database cursor a batch at
 * a time and are written with back-pressure, so memory stays flat for any number of rows.
 * The caller has checked the filters and sort (a bad request fails before any byte is sent).
 */
export function exportReport(
  db: Db,
  report: ReportDefinition,
  filters: ReportFilters,
  sort: ReportSort,
  format: ExportFormat,
  onError: (error: unknown) => void,
): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const run = async () => {
    if (format === 'csv') {
      const csvRows = csvBatchWriter(report.columns);
      await writeChunk(out, csvHeader(report.columns));
      await rowsInBatches(db, report, filters, sort, (rows) => writeChunk(out, csvRows(rows)));
      out.end();
      return;
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(report.title.slice(0, 31));
    sheet.columns = report.columns.map((c) => ({
      header: c.title,
      key: c.key,
      width: Math.min(40, Math.max(12, c.title.length + 2)),
      ...(c.type === 'date' ? { style: { numFmt: 'dd/mm/yyyy' } } : {}),
      ...(c.type === 'datetime' ? { style: { numFmt: 'dd/mm/yyyy hh:mm' } } : {}),
      ...(c.type === 'points' ? { style: { numFmt: '#,##0' } } : {}),
      // Percent figures are already in percent (66.7): shown with the sign, not multiplied.
      ...(c.type === 'percent' ? { style: { numFmt: '0.0"%"' } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    await rowsInBatches(db, report, filters, sort, async (rows) => {
      for (const row of rows) sheet.addRow(report.columns.map((c) => xlsxValue(c, row[c.key]))).commit();
      await keepUp(out);
    });
    sheet.commit();
    await workbook.commit();
  };
  run().catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
