import { VOUCHER_CSV_MAX_CODES, type VoucherCodesResponse } from '@ovation/shared/schemas/rewards-admin';
import type { Db } from '../../db/client.ts';
import { businessRule, fieldError, notFound } from '../../lib/app-errors.ts';
import { findReward, restoreStock } from './catalogue.repository.ts';
import { countFreeCodes, existingCodes, insertCodes } from './orders.repository.ts';

const CODE_PATTERN = /^[\w-]{4,64}$/;

/** The codes of a CSV file: the first column of each line, a "code" header skipped, quotes removed. */
export function parseCodes(csv: string): string[] {
  return csv
    .split(/\r?\n/)
    .map((line) =>
      (line.split(',')[0] ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((code, i) => code !== '' && !(i === 0 && code.toLowerCase() === 'code'));
}

const listed = (codes: string[]) =>
  codes.slice(0, 5).join(', ') + (codes.length > 5 ? ` and ${codes.length - 5} more` : '');

/**
 * Loads voucher codes into an item's pool from a CSV file. The whole file is refused when any
 * code is malformed, repeated in the file or already in the pool; otherwise every code is added
 * and the item's stock grows by as many (stock follows the pool).
 */
export async function loadVoucherCodes(db: Db, rewardId: number, csv: string): Promise<VoucherCodesResponse> {
  const reward = await findReward(db, rewardId);
  if (!reward) throw notFound('No such reward.');
  if (reward.fulfilment !== 'voucher') throw businessRule(`${reward.name} is not a voucher item`);
  const codes = parseCodes(csv);
  if (codes.length === 0) throw fieldError('csv', 'The file holds no codes');
  if (codes.length > VOUCHER_CSV_MAX_CODES)
    throw fieldError('csv', `Load at most ${VOUCHER_CSV_MAX_CODES} codes at a time`);
  const malformed = codes.filter((c) => !CODE_PATTERN.test(c));
  if (malformed.length > 0) {
    throw fieldError('csv', `Codes are 4 to 64 letters, digits, dashes or underscores: ${listed(malformed)}`);
  }
  const seen = new Set<string>();
  const repeated = codes.filter((c) => (seen.has(c) ? true : (seen.add(c), false)));
  if (repeated.length > 0)
    throw fieldError('csv', `Duplicates in the file, nothing loaded: ${listed([...new Set(repeated)])}`);
  return db.transaction(async (tx) => {
    const existing = await existingCodes(tx, rewardId, codes);
    if (existing.length > 0) throw fieldError('csv', `Already in the pool, nothing loaded: ${listed(existing)}`);
    const added = (await insertCodes(tx, rewardId, codes)).length;
    // A concurrent load of the same codes loses on the unique index: refuse rather than count short.
    if (added !== codes.length) throw fieldError('csv', 'Some codes were loaded meanwhile; nothing loaded, try again');
    await restoreStock(tx, rewardId, added);
    return { added, codesInPool: (await countFreeCodes(tx, [rewardId])).get(rewardId) ?? 0 };
  });
}
