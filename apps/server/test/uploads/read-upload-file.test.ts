import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { detectFileType, readUploadRows, UploadFileError } from '../../src/modules/uploads/read-upload-file.ts';
import { zipDirectory } from '../../src/modules/uploads/xlsx-parts.ts';
import { xlsx } from '../support/upload-helpers.ts';

const HEADER = ['Employee number', 'Points', 'Account', 'Reason'];

async function readAll(bytes: Buffer) {
  const rows = [];
  for await (const row of readUploadRows(bytes, detectFileType(bytes, 'upload.xlsx'))) rows.push(row);
  return rows;
}

async function readHeaderOnly(bytes: Buffer) {
  const rows = readUploadRows(bytes, 'xlsx');
  const first = await rows.next();
  await rows.return(undefined);
  return first.value;
}

/** Where a part's compressed bytes start, and where its central directory entry is. */
function locate(bytes: Buffer, name: string) {
  const entry = zipDirectory(bytes).find((e) => e.name === name)!;
  const at = entry.headerOffset;
  const data = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const directory = bytes.indexOf(Buffer.from(`PK\x01\x02`), bytes.readUInt32LE(bytes.length - 22 + 16));
  let entryAt = directory;
  while (bytes.toString('utf8', entryAt + 46, entryAt + 46 + bytes.readUInt16LE(entryAt + 28)) !== name) {
    entryAt +=
      46 + bytes.readUInt16LE(entryAt + 28) + bytes.readUInt16LE(entryAt + 30) + bytes.readUInt16LE(entryAt + 32);
  }
  return { data, entryAt };
}

describe('reading an XLSX upload', () => {
  it('reads a workbook written by exceljs even when the disk is slow', async () => {
    // exceljs stores the worksheet before sharedStrings.xml and workbook.xml. Its streaming reader
    // parked the worksheet in a temp file and, when that took a few milliseconds, lost the parts
    // after it: the upload was refused as damaged now and then (uploads.test.ts in CI).
    const bytes = await xlsx([HEADER, ['E1', 1, 'personal', 'x'], ['E2', 2.5, 'Team', new Date(Date.UTC(2026, 1, 3))]]);
    const names = zipDirectory(bytes).map((e) => e.name);
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/workbook.xml'));
    const open = fs.open as (...args: unknown[]) => void;
    const slow = vi.spyOn(fs, 'open').mockImplementation(((...args: unknown[]) => {
      setTimeout(() => open(...args), 20);
    }) as unknown as typeof fs.open);
    try {
      for (let i = 0; i < 5; i++) {
        expect(await readAll(bytes)).toEqual([
          { row: 1, cells: HEADER },
          { row: 2, cells: ['E1', '1', 'personal', 'x'] },
          { row: 3, cells: ['E2', '2.5', 'Team', '2026-02-03'] },
        ]);
      }
    } finally {
      slow.mockRestore();
    }
  });

  it('gives the same rows to many reads at once, whole or header only, as the server runs them', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [`N${i}`, `Name ${i}`, `n${i}@example.test`, '01/02/2026']);
    const bytes = await xlsx([['Employee number', 'First name', 'E-mail', 'Start date'], ...rows]);
    const expected = (await readAll(bytes)).map((r) => r.cells);
    expect(expected).toEqual([['Employee number', 'First name', 'E-mail', 'Start date'], ...rows]);
    for (let round = 0; round < 10; round++) {
      const reads = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? readHeaderOnly(bytes) : readAll(bytes))),
      );
      for (const [i, read] of reads.entries()) {
        if (i % 2) expect(read).toEqual({ row: 1, cells: expected[0] });
        else expect((read as { cells: string[] }[]).map((r) => r.cells)).toEqual(expected);
      }
    }
  });

  it('keeps characters whole where a part is cut into chunks', async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `Zoë Müller-Ngcobo ${i} ñ€😀`);
    const bytes = await xlsx([['Employee number', 'Name'], ...names.map((n, i) => [`E${i}`, n])]);
    const read = await readAll(bytes);
    expect(read).toHaveLength(3001);
    expect(read.slice(1).filter((r, i) => r.cells[1] !== names[i])).toEqual([]);
  });

  it('refuses a part that does not inflate, and keeps the cause', async () => {
    const bytes = await xlsx([HEADER, ['E1', 1, 'personal', 'x']]);
    const { data } = locate(bytes, 'xl/worksheets/sheet1.xml');
    bytes[data] = 0xff; // a deflate block of the reserved type
    const error = await readAll(bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadFileError);
    expect((error as Error).message).toBe('The XLSX file is damaged and cannot be read.');
    expect(((error as Error).cause as Error).message).toMatch(/invalid block type/);
  });

  it('refuses a part that inflates beyond the size its directory declares (which the guards checked)', async () => {
    const bytes = await xlsx([HEADER, ['E1', 1, 'personal', 'x']]);
    const { entryAt } = locate(bytes, 'xl/sharedStrings.xml');
    bytes.writeUInt32LE(10, entryAt + 24);
    const error = await readAll(bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadFileError);
    expect(((error as Error).cause as Error).message).toBe('xl/sharedStrings.xml: larger than declared');
  });
});
