import { CELL_NUM_MIN_LENGTH } from './constants.ts';

/**
 * A profile needs a cell number of at least 10 characters and an e-mail (spec §4, §5).
 * Kept free of zod so the web shell can use it without loading the schema library.
 */
export function isProfileIncomplete(profile: { cellNum?: string | null; email?: string | null }): boolean {
  const cell = (profile.cellNum ?? '').trim();
  const email = (profile.email ?? '').trim();
  return cell.length < CELL_NUM_MIN_LENGTH || email.length === 0;
}
