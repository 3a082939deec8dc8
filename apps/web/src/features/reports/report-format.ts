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
