import { VOUCHER_CSV_MAX_CODES, type VoucherCodesResponse } from '@ovation/shared/schemas/rewards-admin';
import type { Db } from '../../db/db.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';
import type { AuditContext } from '../../core/audit/audit-row.ts';
import { businessRule, fieldError, notFound } from '../../lib/app-errors.ts';
import { findReward, restoreStock } from './catalogue.repository.ts';
import { countFreeCodes, existingCodes, insertCodes, lockCodeLoads } from './voucher-codes.repository.ts';

const CODE_PATTERN = /^[\w-]{4,64}$/;

/** A first line naming the column rather than holding a code ("code", "Voucher codes", "voucher_code", …). */
const HEADER = /^(voucher[ _-]?)?(codes?|vouchers?)$/i;

/** The codes of a CSV file: the first column of each line, quotes removed, a header line skipped. */
export function parseCodes(csv: string): string[] {
  const cells = csv
    .split(/\r?\n/)
    .map((line) =>
      (line.split(',')[0] ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((code) => code !== '');
  return HEADER.test(cells[0] ?? '') ? cells.slice(1) : cells;
}

/** A malformed code is shown cut to 30 characters: a refusal never echoes a whole pasted file. */
const shown = (code: string) => (code.length > 30 ? `${code.slice(0, 30)}…` : code);
const listed = (codes: string[]) =>
  codes.slice(0, 5).map(shown).join(', ') + (codes.length > 5 ? ` and ${codes.length - 5} more` : '');

/**
 * Loads voucher codes into an item's pool from a CSV file. The whole file is refused when any
 * code is malformed, repeated in the file or already in any item's pool (a code is handed out
 * once, firm-wide); otherwise every code is added and the item's stock grows by as many (stock
 * follows the pool). Loads queue on one advisory lock, so two loads of one code cannot both pass.
 */
export async function loadVoucherCodes(
  db: Db,
  context: AuditContext,
  rewardId: number,
  csv: string,
): Promise<VoucherCodesResponse> {
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
    await lockCodeLoads(tx);
    const existing = await existingCodes(tx, codes);
    if (existing.length > 0) {
      throw fieldError('csv', `Already loaded for this or another item, nothing loaded: ${listed(existing)}`);
    }
    const added = (await insertCodes(tx, rewardId, codes)).length;
    // A concurrent load of the same codes loses on the unique index: refuse rather than count short.
    if (added !== codes.length) throw fieldError('csv', 'Some codes were loaded meanwhile; nothing loaded, try again');
    await restoreStock(tx, rewardId, added);
    // How many, never the codes: they are what a member pays for.
    await audit(tx, context, {
      action: 'rewards.codes_load',
      target: { kind: 'reward', id: rewardId },
      after: { added },
    });
    return { added, codesInPool: (await countFreeCodes(tx, [rewardId])).get(rewardId) ?? 0 };
  });
}
