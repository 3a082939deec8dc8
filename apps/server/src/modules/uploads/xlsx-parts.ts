import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';

/** One part of an XLSX (ZIP) archive as its central directory declares it. */
export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  headerOffset: number;
}

/** The archive's structure is broken; the caller chooses what the uploader is told. */
export class BrokenZipError extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const INPUT_SLICE = 16 * 1024;

/** The central directory's entries (names, sizes and offsets; no content is read). */
export function zipDirectory(bytes: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new BrokenZipError('no end-of-central-directory record');
  const count = bytes.readUInt16LE(eocd + 10);
  const entries: ZipEntry[] = [];
  let offset = bytes.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) {
      throw new BrokenZipError(`central directory entry ${n} is missing`);
    }
    const nameLength = bytes.readUInt16LE(offset + 28);
    entries.push({
      name: bytes.toString('utf8', offset + 46, Math.min(bytes.length, offset + 46 + nameLength)),
      flags: bytes.readUInt16LE(offset + 8),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      uncompressedSize: bytes.readUInt32LE(offset + 24),
      headerOffset: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

function* slices(data: Buffer) {
  for (let i = 0; i < data.length; i += INPUT_SLICE) yield data.subarray(i, i + INPUT_SLICE);
}

/**
 * A part's text, inflated as it is read: the compressed bytes go in a slice at a time, so a large
 * worksheet is never whole in memory, and a part that inflates beyond its declared size (which
 * the upload guards checked) is refused. Decoding here keeps a character split between two
 * chunks whole (exceljs decodes each chunk on its own and would garble it).
 */
export function openPart(bytes: Buffer, entry: ZipEntry): Readable {
  const at = entry.headerOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) {
    throw new BrokenZipError(`${entry.name}: no local header`);
  }
  if (entry.flags & 1) throw new BrokenZipError(`${entry.name}: encrypted`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new BrokenZipError(`${entry.name}: truncated`);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new BrokenZipError(`${entry.name}: compression method ${entry.method}`);
  }
  let size = 0;
  const declared = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > entry.uncompressedSize ? new BrokenZipError(`${entry.name}: larger than declared`) : null, chunk);
    },
  });
  // pipeline listens for every stream's errors; the reader sees them on the last stream.
  const text = pipeline(
    Readable.from(slices(data)),
    entry.method === 8 ? createInflateRaw() : new PassThrough(),
    declared,
    () => {},
  );
  text.setEncoding('utf8');
  return text;
}

/** exceljs's WorkbookReader parses each part with these (private, so not in its typings). */
interface PartParsers {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
}
const PARSERS = ['_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseStyles', '_parseWorksheet'] as const;
const readerPrototype = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as Record<string, unknown>;
const missing = PARSERS.filter((name) => typeof readerPrototype[name] !== 'function');
if (missing.length) throw new Error(`exceljs's WorkbookReader no longer has ${missing.join(', ')} (xlsx-parts.ts)`);

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * The rows of the archive's first worksheet. exceljs's own streaming reader walks the archive
 * front to back with unzipper, whose parser emits 'end' as soon as it has used up its input, while
 * parts it parsed ahead (the reader being busy writing a worksheet stored before the shared
 * strings to a temp file) are still queued: exceljs stops at that 'end', never sees workbook.xml,
 * and the read fails at random (exceljs#3064). The file is in memory anyway, so the parts are
 * taken through the central directory, in the order they depend on each other, and handed to
 * exceljs's parsers; the worksheet is parsed as it inflates.
 */
export async function* firstSheetRows(bytes: Buffer, entries: ZipEntry[]): AsyncGenerator<ExcelJS.Row> {
  const part = (name: string) => entries.find((e) => e.name === name);
  const workbook = part('xl/workbook.xml');
  const sheet = entries.filter((e) => WORKSHEET.test(e.name)).sort((a, b) => a.headerOffset - b.headerOffset)[0];
  if (!workbook || !sheet) throw new BrokenZipError('no workbook or no worksheet part');

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    entries: 'ignore',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  }) as unknown as PartParsers;
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(openPart(bytes, rels));
  await reader._parseWorkbook(openPart(bytes, workbook));
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(openPart(bytes, strings)));
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(openPart(bytes, styles));
  for (const { value } of reader._parseWorksheet(openPart(bytes, sheet), WORKSHEET.exec(sheet.name)![1]!)) {
    yield* value;
  }
}
