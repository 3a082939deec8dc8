import { UPLOAD_COLUMNS, type UploadKind } from '@ovation/shared/schemas/admin-uploads';

/** One CSV field: quoted when it holds a delimiter, quote or line break; formula starts are neutralised. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && (/^[=@\t\r]/.test(text) || /^[+-](?![\d ])/.test(text))) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: (string | number)[]) => values.map(csvField).join(',') + '\r\n';

/** GET /api/admin/uploads/templates/{kind}: the header row, then one example row. */
export function uploadTemplate(kind: UploadKind): string {
  const header = UPLOAD_COLUMNS[kind].map((c) => c.header);
  const example =
    kind === 'members'
      ? [
          'E90001',
          'Thandi',
          'Mokoena',
          'thandi.mokoena@example.com',
          '+27 82 555 0101',
          'Assurance',
          'Audit',
          'Audit Gauteng',
          'South Africa',
          'AUD',
          'E00001',
          '01/02/2026',
          '14/03/1994',
          '',
          'yes',
        ]
      : ['E00011', '250', 'personal', 'Year-end bonus'];
  return csvLine(header) + csvLine(example);
}

export function refusedRowsCsv(rows: { row: number; reason: string }[]): string {
  return csvLine(['Row', 'Reason']) + rows.map((r) => csvLine([r.row, r.reason])).join('');
}
