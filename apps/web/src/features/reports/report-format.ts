import { formatDate } from '@ovation/shared/format/date';
import { formatMoney, formatPoints } from '@ovation/shared/format/money';
import type { ReportColumnType } from '@ovation/shared/schemas/reports';

/** A report cell as text: spec §9 dates (dd/MM/yyyy, UTC) and money (R 1 234.50), points grouped. */
export function formatCell(type: ReportColumnType, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (type) {
    case 'points':
    case 'integer':
      return formatPoints(Number(value));
    case 'money':
      return formatMoney(Number(value));
    case 'percent':
      return `${Number(value).toFixed(1)}%`;
    case 'mood':
      return Number(value).toFixed(2);
    case 'date':
      return formatDate(String(value), 'dd/MM/yyyy', 'UTC');
    case 'datetime':
      return formatDate(String(value), 'dd/MM/yyyy HH:mm', 'UTC');
    default:
      return String(value);
  }
}

/** A report day ('YYYY-MM-DD') as spec §9 shows dates: dd/MM/yyyy. */
export const reportDay = (day: string) => formatDate(day, 'dd/MM/yyyy', 'UTC');

export const isNumeric = (type: ReportColumnType) =>
  type === 'points' || type === 'integer' || type === 'money' || type === 'percent' || type === 'mood';

/** Reads a typed dd/MM/yyyy date (a real calendar date) as 'YYYY-MM-DD'; null otherwise. */
export function parseDayMonthYear(input: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(input.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
