import { createHash } from 'node:crypto';
import type { GetToKnowCard } from '@ovation/shared/schemas/feed';
import type { Db } from '../../db/db.ts';
import { utcToday } from '../../lib/utc-dates.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { findCardsFrom, searchCards } from './gettoknow.repository.ts';

export const HOME_CARDS = 12;
export const SEARCH_PAGE_SIZE = 24;

/** A point in [0, 1) that changes every day, so the Connect-with carousel varies. */
function dayFraction(day: string): number {
  return createHash('sha256').update(`gettoknow:${day}`).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * Today's cards for the Home carousel, the same for everyone (cached): one more than HOME_CARDS,
 * so that twelve remain once the viewer's own card is left out.
 */
export function getTodaysCards(db: Db, cache: TtlCache<GetToKnowCard[]>, now = new Date()): Promise<GetToKnowCard[]> {
  const day = utcToday(now);
  return cache.get(day, () => findCardsFrom(db, dayFraction(day), HOME_CARDS + 1));
}

export async function searchColleagues(
  db: Db,
  viewerId: number,
  input: { query: string; page: number },
): Promise<{ members: GetToKnowCard[]; hasMore: boolean }> {
  const rows = await searchCards(db, viewerId, input.query, SEARCH_PAGE_SIZE + 1, (input.page - 1) * SEARCH_PAGE_SIZE);
  return { members: rows.slice(0, SEARCH_PAGE_SIZE), hasMore: rows.length > SEARCH_PAGE_SIZE };
}
