import { ISO_DATE_PATTERN as DATE_ONLY } from '../iso-date.ts';

/**
 * Dates of spec §9: dd/MM/yyyy by default; server date-times without a zone are UTC.
 */
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

/** Parses a server value; a date-time with no zone is read as UTC. */
export function parseServerDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = value.trim();
  const iso = DATE_ONLY.test(text) ? `${text}T00:00:00Z` : HAS_ZONE.test(text) ? text : `${text.replace(' ', 'T')}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Formats as dd/MM/yyyy (or a pattern using dd, MM, yyyy, HH, mm, ss). A date-only value keeps
 * its calendar day; a date-time is shown in the given zone ('local' by default, or 'UTC').
 */
export function formatDate(
  value: string | Date | null | undefined,
  pattern = 'dd/MM/yyyy',
  zone: 'local' | 'UTC' = 'local',
): string {
  const date = parseServerDate(value);
  if (!date) return '';
  const utc = zone === 'UTC' || (typeof value === 'string' && DATE_ONLY.test(value.trim()));
  const parts = {
    yyyy: String(utc ? date.getUTCFullYear() : date.getFullYear()),
    MM: pad((utc ? date.getUTCMonth() : date.getMonth()) + 1),
    dd: pad(utc ? date.getUTCDate() : date.getDate()),
    HH: pad(utc ? date.getUTCHours() : date.getHours()),
    mm: pad(utc ? date.getUTCMinutes() : date.getMinutes()),
    ss: pad(utc ? date.getUTCSeconds() : date.getSeconds()),
  };
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => parts[token as keyof typeof parts]);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return formatDate(value, 'dd/MM/yyyy HH:mm');
}
