import { z } from 'zod';

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_DATABASE_ID = 2_147_483_647;

/**
 * A row id from a path, a query string or a JSON body: a number, or a string of plain digits
 * ("0x10", "1e1", " 16" are refused, not read as 16 or 10), from 1 to the largest `integer`, so
 * an id the database cannot hold is a 400 with the field's error, never a database error.
 */
export function databaseId(message: string) {
  return z
    .union([z.number(), z.string().regex(/^[0-9]{1,10}$/, message)], { error: message })
    .pipe(
      z.coerce.number<string | number>({ error: message }).int(message).positive(message).max(MAX_DATABASE_ID, message),
    );
}

/**
 * The `updatedAt` an editor opened an item with, sent back so a save made meanwhile is refused
 * (409): an instant this system could have written, so a made-up year (0000 is no year to the
 * database) is the field's 400, never a database error.
 */
export const expectedUpdatedAtSchema = z.iso.datetime({ offset: true }).refine((t) => {
  const year = new Date(t).getUTCFullYear();
  return year >= 2000 && year <= 9999;
}, 'Reload the item and try again: this is not when it was saved');
