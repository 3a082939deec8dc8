import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { formatPoints } from '@ovation/shared/format/money';
import { UPLOAD_MAX_ROWS } from '@ovation/shared/schemas/admin-uploads';
import { firstSheetRows, zipDirectory } from './xlsx-parts.ts';

/** A file that cannot be read as an upload: the route answers 400, the background check marks it failed. */
export class UploadFileError extends Error {}

export type UploadFileType = 'csv' | 'xlsx';

/** One data row: its row number as a spreadsheet shows it (the header is row 1) and its cells as text. */
export interface RawRow {
  row: number;
  cells: string[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** XLSX guards: a real workbook of 100,000 rows stays far below these. */
const XLSX_MAX_UNCOMPRESSED = 300 * 1024 * 1024;
const XLSX_MAX_RATIO = 150;
const XLSX_MAX_ENTRIES = 2_000;
const MAX_CELL_CHARS = 2_000;
const MAX_COLUMNS = 60;

/** The file's type from its bytes and name; anything else is refused. */
export function detectFileType(bytes: Buffer, fileName: string): UploadFileType {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const zip = bytes.subarray(0, 4).equals(ZIP_MAGIC);
  if (ext === 'xlsx') {
    if (!zip) throw new UploadFileError('The file is not a valid XLSX workbook.');
    checkZipDirectory(bytes);
    return 'xlsx';
  }
  if (ext === 'csv' || ext === 'txt') {
    if (zip || bytes.subarray(0, 8192).includes(0)) throw new UploadFileError('The file is not a CSV text file.');
    return 'csv';
  }
  throw new UploadFileError('Upload a .csv or .xlsx file.');
}

/**
 * The decompression guard: reads the ZIP central directory (sizes only, no content) and refuses
 * a workbook that would inflate beyond the limits, or whose directory is broken. The parts are
 * inflated only as they are read and never beyond these declared sizes; the row/cell limits stop the rest.
 */
function checkZipDirectory(bytes: Buffer) {
  let entries;
  try {
    entries = zipDirectory(bytes);
  } catch (error) {
    throw new UploadFileError('The XLSX file is damaged and cannot be read.', { cause: error });
  }
  if (entries.length > XLSX_MAX_ENTRIES) throw new UploadFileError('The XLSX file has too many parts.');
  let total = 0;
  for (const { compressedSize: compressed, uncompressedSize: uncompressed } of entries) {
    if (compressed === 0xffffffff || uncompressed === 0xffffffff)
      throw new UploadFileError('The XLSX file is too large.');
    total += uncompressed;
    if (total > XLSX_MAX_UNCOMPRESSED || uncompressed > Math.max(compressed, 1024) * XLSX_MAX_RATIO) {
      throw new UploadFileError('The XLSX file expands too much to be read safely.');
    }
  }
  return entries;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Spreadsheet dates are calendar days; exceljs gives them as UTC midnight.
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[]; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((p) => p.text).join('');
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error !== undefined) return '';
    return '';
  }
  return String(value);
}

function guardCells(cells: string[], row: number): string[] {
  if (cells.length > MAX_COLUMNS) throw new UploadFileError(`Row ${row} has more than ${MAX_COLUMNS} columns.`);
  return cells.map((c) => (c.length > MAX_CELL_CHARS ? c.slice(0, MAX_CELL_CHARS) : c).trim());
}

function delimiterOf(bytes: Buffer): string {
  const firstLine = bytes.subarray(0, 4096).toString('utf8').split(/\r?\n/)[0] ?? '';
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const candidates = [',', ';', '\t'].map((d) => [d, count(d)] as const).sort((a, b) => b[1] - a[1]);
  return candidates[0]![1] > 0 ? candidates[0]![0] : ',';
}

async function* csvRows(bytes: Buffer): AsyncGenerator<RawRow> {
  const parser = Readable.from([bytes]).pipe(
    parse({
      bom: true,
      delimiter: delimiterOf(bytes),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
      info: true,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { row: info.lines, cells: guardCells(record, info.lines) };
    }
  } catch (error) {
    if (error instanceof UploadFileError) throw error;
    throw new UploadFileError(`The CSV file cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
}

async function* xlsxRows(bytes: Buffer): AsyncGenerator<RawRow> {
  const entries = checkZipDirectory(bytes);
  try {
    for await (const row of firstSheetRows(bytes, entries)) {
      const values = (row.values as unknown[]).slice(1).map(cellText);
      if (values.every((v) => v.trim() === '')) continue;
      yield { row: row.number, cells: guardCells(values, row.number) };
    }
  } catch (error) {
    if (error instanceof UploadFileError) throw error;
    // The uploader is told only that the file is damaged; the cause stays on the error (`cause`).
    throw new UploadFileError('The XLSX file is damaged and cannot be read.', { cause: error });
  }
}

/**
 * The file's rows, streamed: the first is the header. At most UPLOAD_MAX_ROWS data rows; a file
 * with more is refused as a whole (a partial check would mislead).
 */
export async function* readUploadRows(bytes: Buffer, type: UploadFileType): AsyncGenerator<RawRow> {
  let count = 0;
  for await (const row of type === 'csv' ? csvRows(bytes) : xlsxRows(bytes)) {
    if (count++ > UPLOAD_MAX_ROWS) {
      throw new UploadFileError(`The file has more than ${formatPoints(UPLOAD_MAX_ROWS)} rows. Split it.`);
    }
    yield row;
  }
}
