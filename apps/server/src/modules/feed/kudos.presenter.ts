import { KUDOS_FIELDS, type DataTable, type KudosItem } from '@ovation/shared/schemas/feed';
import type { KudosRow } from './kudos-feed.repository.ts';
import { toNumber } from '../../db/sql-rows.ts';

/** A repository row with the spec's types (ids and counts as numbers, mins since posted). */
export function presentKudosItem(row: KudosRow, now = Date.now()): KudosItem {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- who reacted is never sent
  const { createdAtMs, reactors, ...rest } = row;
  return {
    ...rest,
    messageLogId: toNumber(row.messageLogId),
    toMemberId: toNumber(row.toMemberId),
    likeCount: toNumber(row.likeCount),
    cheerCount: toNumber(row.cheerCount),
    supportCount: toNumber(row.supportCount),
    userLiked: row.userLiked === true,
    userCheered: row.userCheered === true,
    userSupported: row.userSupported === true,
    mins: Math.max(0, Math.floor((now - toNumber(createdAtMs)) / 60_000)),
  };
}

/** The spec §3 server data table: KUDOS_FIELDS plus one row per item in that order. */
export function presentKudosTable(rows: KudosRow[], now = Date.now()): DataTable {
  return {
    fields: [...KUDOS_FIELDS],
    rows: rows.map((row) => {
      const item = presentKudosItem(row, now);
      return KUDOS_FIELDS.map((field) => item[field]);
    }),
  };
}
