import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { kudos, ledgerEntries } from '../../src/db/schema/index.ts';
import { formatDate } from '@ovation/shared/format/date';
import { csvCell } from '../../src/lib/spreadsheet-cells.ts';
import type { ReportColumnDef, ReportDefinition } from '../../src/modules/reports/report-definition.ts';
import { forEachBatch } from '../../src/modules/reports/report-engine.repository.ts';
import { wireValue } from '../../src/modules/reports/report-values.ts';
import { computedRows } from '../../src/modules/reports/query-report.ts';
import { findReport, REPORTS } from '../../src/modules/reports/reports.registry.ts';
import { createMember } from '../support/factories.ts';
import { setupReportsFirm } from '../support/reports-firm.ts';

/**
 * Report exports on the small firm of reports-firm.ts (issue 12): CSV and XLSX streamed whole,
 * formulas neutralised, and the CSV's bytes read back cell by cell.
 */
const firm = setupReportsFirm();
const { ctx, ids } = firm;

describe('exports', () => {
  it('streams the whole filtered result as CSV, formulas neutralised, dates dd/MM/yyyy', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/reports/reportsimplysay/export?format=csv&sort=to&direction=asc',
      token: firm.adminToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="reportsimplysay-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(lines[0]).toEqual([
      'When',
      'From',
      'From team',
      'To',
      'To team',
      'Behaviour',
      'Points',
      'Reactions',
      'Message',
    ]);
    expect(lines.slice(1).map((l) => l[3])).toEqual(['Ann Able', 'Ben Baker', 'Cara Cole']);
    expect(lines[1]![8]).toBe(`'=HYPERLINK("http://evil","click")`);
    expect(lines[3]![8]).toBe(`'+1 well done`);
    expect(lines[1]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('streams XLSX that a real parser opens: numbers, dates and neutralised text', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/reports/reportsimplysay/export?format=xlsx&sort=to&direction=asc',
      token: firm.adminToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).value).toBe('When');
    const first = sheet.getRow(2);
    expect(first.getCell(4).value).toBe('Ann Able');
    expect(first.getCell(7).value).toBe(50);
    expect(first.getCell(1).value).toBeInstanceOf(Date);
    expect(first.getCell(9).value).toBe(`'=HYPERLINK("http://evil","click")`);
    expect(first.getCell(9).formula).toBeUndefined();
  });

  it('exports every row, not just a page', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/reports/reporttransactions/export',
      token: firm.adminToken,
    });
    const [count] = await ctx.app.db.select({ n: sql<number>`count(*)` }).from(ledgerEntries);
    expect(parseCsv(res.body.replace(/^\uFEFF/, '')).length - 1).toBe(Number(count!.n));
  });

  it('refuses bad filters before streaming', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/reports/reportsimplysay/export?format=csv&from=2026-13-01',
      token: firm.adminToken,
    });
    expect(res.statusCode).toBe(400);
  });
});

/** A small RFC 4180 reader (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('CSV bytes', () => {
  beforeAll(async () => {
    // Cells that need the apostrophe, quotes or both (last in the file: other figures above count the kudos).
    for (const message of ['-1, "quoted"\r\nnext line', '@sum\tthis', 'plain, with comma', 'ends with "quote"']) {
      await ctx.app.db.insert(kudos).values({ kind: 'high5', fromMemberId: ids.a, toMemberId: ids.b, message });
    }
    // A member with dates, for the date cells (the firm's members have none).
    await createMember(ctx.app, {
      firstName: 'Bea',
      surname: 'Birthday',
      birthDate: '1990-03-15',
      startDate: '2020-03-20',
    });
  });

  /** Every report's CSV as the per-cell formatter (wireValue → formatDate / csvCell) wrote it before decision 0030. */
  async function referenceCsv(report: ReportDefinition) {
    const cell = (type: ReportColumnDef['type'], raw: unknown) => {
      const value = wireValue(type, raw);
      if (value === null) return '';
      if (type === 'date') return formatDate(String(value), 'dd/MM/yyyy', 'UTC');
      if (type === 'datetime') return formatDate(String(value), 'dd/MM/yyyy HH:mm', 'UTC');
      return csvCell(value);
    };
    let csv = '\uFEFF' + report.columns.map((c) => csvCell(c.title)).join(',') + '\r\n';
    const write = async (rows: Record<string, unknown>[]) => {
      for (const row of rows) csv += report.columns.map((c) => cell(c.type, row[c.key])).join(',') + '\r\n';
    };
    if (report.query.kind === 'computed')
      await write((await computedRows(ctx.app.db, report, {}, report.defaultSort)).rows);
    else await forEachBatch(ctx.app.db, report, report.query, {}, report.defaultSort, 3, write);
    return csv;
  }

  it.each(REPORTS.map((r) => [r.key, r] as const))(
    '%s exports the same bytes as the per-cell formatter',
    async (key, report) => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/reports/${key}/export?format=csv`,
        token: firm.adminToken,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(await referenceCsv(report));
    },
  );

  it('the seeded data exercises quotes, apostrophes, dates and empty cells', async () => {
    const simplySay = await referenceCsv(findReport('reportsimplysay')!);
    expect(simplySay).toContain(`"'-1, ""quoted""\r\nnext line"`);
    expect(simplySay).toContain(`'@sum\tthis`);
    const members = await referenceCsv(findReport('reportmemberdatabase')!);
    expect(members).toMatch(/,\d{2}\/\d{2}\/\d{4},/);
    expect(members).toMatch(/,,/);
  });
});
