import { z } from 'zod';

/**
 * Calendar days written yyyy-MM-dd (spec §9: server dates are UTC), one rule for the server, the
 * web app and the shared schemas. A day a member can ask for is a firm's record, not the
 * calendar's ends (decision 0062): year 0000 or 9999 would reach the database as a value it
 * refuses (a 400 with no field named) or overflows a day later.
 */

/** yyyy-MM-dd as written, any year: how a date-only value looks (not yet whether it is a day). */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** yyyy-MM-dd in the years 1900–2199 (1900-01-01 to 2199-12-31). */
const FIRM_YEARS_PATTERN = /^(19|20|21)\d{2}-\d{2}-\d{2}$/;

/** True for a real calendar day written yyyy-MM-dd, from 1900-01-01 to 2199-12-31. */
export function isIsoDate(value: string): boolean {
  if (!FIRM_YEARS_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * A query's date as written (yyyy-MM-dd): its handler refuses a day that is not one (isIsoDate)
 * with its own message, one field at a time.
 */
export const isoDateText = z.string().regex(ISO_DATE_PATTERN, 'Use yyyy-MM-dd');

/**
 * A day as yyyy-MM-dd that exists, from 1900 to 2199: `format` for anything else written (another
 * shape, another century, not a string), `notADay` for a date that does not exist (30 February).
 */
export function isoDate(messages: { format: string; notADay: string }) {
  return z
    .string({ error: messages.format })
    .regex(FIRM_YEARS_PATTERN, messages.format)
    .refine((value) => !FIRM_YEARS_PATTERN.test(value) || isIsoDate(value), messages.notADay);
}
