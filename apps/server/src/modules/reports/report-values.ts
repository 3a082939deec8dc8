import type { ReportColumnType } from '@ovation/shared/schemas/reports';
import type { ReportColumnDef } from './report-definition.ts';

/** One database value as the wire shows it: numbers as numbers, date-times as ISO (UTC), dates as yyyy-MM-dd. */
export function wireValue(type: ReportColumnType, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer':
    case 'points':
    case 'money':
    case 'percent':
    case 'mood':
      return Number(value);
    case 'datetime':
      return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    default:
      return String(value);
  }
}

export function wireRow(columns: readonly ReportColumnDef[], row: Record<string, unknown>): (string | number | null)[] {
  return columns.map((c) => wireValue(c.type, row[c.key]));
}
