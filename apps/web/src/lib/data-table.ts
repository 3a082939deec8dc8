import type { DataTable } from '@ovation/shared/schemas/feed';

/** A data-table row as a record keyed by field name, with its 1-based row number (spec §3). */
export type TableRecord<T> = T & { _rowNum: number };

/**
 * Turns a server data table ({ fields, rows }) into records keyed by field name, adding
 * `_rowNum` (spec §3 "Server data table"). Missing cells become undefined, extra cells are
 * ignored, so a server that adds a column cannot shift the others.
 */
export function toRecords<T extends object = Record<string, unknown>>(
  table: DataTable | null | undefined,
): TableRecord<T>[] {
  if (!table) return [];
  return table.rows.map((row, index) => {
    const record: Record<string, unknown> = { _rowNum: index + 1 };
    table.fields.forEach((field, i) => {
      record[field] = row[i];
    });
    return record as TableRecord<T>;
  });
}
