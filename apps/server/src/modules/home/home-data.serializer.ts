import { z } from 'zod';
import {
  celebrationRowSchema,
  getToKnowCardSchema,
  leaderboardEntrySchema,
  type CelebrationRow,
  type GetToKnowCard,
} from '@ovation/shared/schemas/feed';
import type { KudosRow } from '../feed/kudos-feed.repository.ts';
import { serializeKudosItems } from '../feed/kudos-list.serializer.ts';
import type { ViewerFlagsById } from '../feed/viewer-flags.ts';
import type { LeaderboardRow } from './leaderboard.repository.ts';

/** Memoises a JSON text per cached object: the caches hand out the same object until they refresh. */
function perCachedValue<T extends object, R>(serialize: (value: T) => R): (value: T) => R {
  const texts = new WeakMap<T, R>();
  return (value) => {
    let text = texts.get(value);
    if (text === undefined) {
      text = serialize(value);
      texts.set(value, text);
    }
    return text;
  };
}

// Parsed once through the response schema (as Fastify's serializer would), so the text carries
// exactly the contract's fields.
const celebrationsJson = perCachedValue((rows: CelebrationRow[]) =>
  rows.map((row) => JSON.stringify(celebrationRowSchema.parse(row))),
);
const leaderboardJson = perCachedValue((rows: LeaderboardRow[]) =>
  JSON.stringify(z.array(leaderboardEntrySchema).parse(rows)),
);
const cardsJson = perCachedValue((cards: GetToKnowCard[]) =>
  cards.map((card) => ({ memberId: card.memberId, json: JSON.stringify(getToKnowCardSchema.parse(card)) })),
);

export interface HomeDataParts {
  recent: { rows: KudosRow[]; flags: ViewerFlagsById };
  /** Today's cards (cached, the same for everyone); the viewer's own is left out here. */
  cards: GetToKnowCard[];
  cardLimit: number;
  /** Today's (cached); the first `celebrationLimit` are sent. */
  celebrations: CelebrationRow[];
  celebrationLimit: number;
  leaderboard: LeaderboardRow[];
  viewerId: number;
}

/**
 * The gethomedata answer as JSON text (HomeData): the shared, cached parts are serialised once
 * per cache refresh, only the viewer's flags, `mins` and card selection per request.
 */
export function serializeHomeData(parts: HomeDataParts, now = Date.now()): string {
  const cards = cardsJson(parts.cards)
    .filter((card) => card.memberId !== parts.viewerId)
    .slice(0, parts.cardLimit)
    .map((card) => card.json);
  return (
    `{"recentRecognition":${serializeKudosItems(parts.recent.rows, parts.recent.flags, now)},` +
    `"getToKnow":[${cards.join(',')}],` +
    `"celebrations":[${celebrationsJson(parts.celebrations).slice(0, parts.celebrationLimit).join(',')}],` +
    `"leaderboard":${leaderboardJson(parts.leaderboard)}}`
  );
}
