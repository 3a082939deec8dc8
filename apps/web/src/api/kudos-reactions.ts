import type { KudosItem } from '@ovation/shared/schemas/feed';
import { REACTION_LABELS, REACTION_VERBS, REACTIONS } from '@ovation/shared/vocabulary';
import type { KudosData } from './kudos-pages.ts';

const capitalised = (verb: string) => verb.charAt(0).toUpperCase() + verb.slice(1);

/** The three reaction kinds (spec §4): Like=1, Cheer=2, Support=3. */
export const REACTION_KINDS = [
  {
    reactNum: REACTIONS.like,
    label: REACTION_LABELS.like,
    verb: capitalised(REACTION_VERBS.like),
    flag: 'userLiked',
    count: 'likeCount',
    names: 'reactedUserLiked',
  },
  {
    reactNum: REACTIONS.cheer,
    label: REACTION_LABELS.cheer,
    verb: capitalised(REACTION_VERBS.cheer),
    flag: 'userCheered',
    count: 'cheerCount',
    names: 'reactedUserCheered',
  },
  {
    reactNum: REACTIONS.support,
    label: REACTION_LABELS.support,
    verb: capitalised(REACTION_VERBS.support),
    flag: 'userSupported',
    count: 'supportCount',
    names: 'reactedUserSupported',
  },
] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];
export type ReactNum = ReactionKind['reactNum'];

export const reactionKind = (reactNum: number): ReactionKind =>
  REACTION_KINDS.find((k) => k.reactNum === reactNum) ?? REACTION_KINDS[0];

/** Spec §4: a click flips the member's own flag at once, the count moving with it. */
export function flipReaction(item: KudosItem, reactNum: ReactNum): KudosItem {
  const kind = reactionKind(reactNum);
  const on = !item[kind.flag];
  return { ...item, [kind.flag]: on, [kind.count]: Math.max(0, Number(item[kind.count]) + (on ? 1 : -1)) };
}

/** The server's answer replaces the counts, flags, names and mins (spec §4). */
const SERVER_FIELDS: readonly (keyof KudosItem)[] = [
  ...REACTION_KINDS.flatMap((kind) => [kind.count, kind.flag, kind.names]),
  'mins',
];

export function applyServerItem(item: KudosItem, server: Partial<KudosItem>): KudosItem {
  const next: KudosItem = { ...item };
  for (const field of SERVER_FIELDS) {
    if (server[field] !== undefined) (next as unknown as Record<string, unknown>)[field] = server[field];
  }
  return next;
}

/**
 * Another member's reaction pushed live: its counts and who-reacted lists replace the item's;
 * the member's own flags and the item's mins stay as they are.
 */
export function applyLiveCounts(item: KudosItem, live: Partial<KudosItem>): KudosItem {
  const { userLiked: _l, userCheered: _c, userSupported: _s, mins: _m, ...shared } = live;
  return applyServerItem(item, shared);
}

/** Applies `update` to the item with this id wherever it sits in the loaded pages. */
export function updateKudosItem(
  data: KudosData | undefined,
  messageLogId: number,
  update: (item: KudosItem) => KudosItem,
): KudosData | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((i) => i.messageLogId === messageLogId)) return page;
    changed = true;
    return { ...page, items: page.items.map((i) => (i.messageLogId === messageLogId ? update(i) : i)) };
  });
  return changed ? { ...data, pages } : data;
}

export function findKudosItem(data: KudosData | undefined, messageLogId: number): KudosItem | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.items.find((i) => i.messageLogId === messageLogId);
    if (found) return found;
  }
  return undefined;
}

/**
 * reactedUser* hold the newest reactors' names, as a JSON string of [{ FullName }] (spec §3) or
 * an already parsed list; anything else means nobody. The server sends at most 25 names, so the
 * count can be larger than the list.
 */
export function reactorNames(json: unknown): string[] {
  if (Array.isArray(json)) return namesOf(json);
  if (typeof json !== 'string' || json.trim() === '') return [];
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? namesOf(list) : [];
  } catch {
    return [];
  }
}
const namesOf = (list: unknown[]) =>
  list
    .map((e) => (typeof e === 'object' && e !== null ? (e as { FullName?: unknown }).FullName : undefined))
    .filter((n): n is string => typeof n === 'string' && n.trim() !== '');

/**
 * 'Liked by A, B and 3 others' — who reacted, for the tooltip and screen readers. `total` is the
 * reaction count; names beyond the first `shown` are counted as others.
 */
export function reactorsText(verb: string, names: string[], total: number, shown = 2): string {
  const count = Math.max(total, names.length);
  if (count === 0) return `Not ${verb.toLowerCase()} yet`;
  const listed = names.slice(0, shown);
  const others = count - listed.length;
  if (listed.length === 0) return `${verb} by ${count} ${count === 1 ? 'person' : 'people'}`;
  if (others <= 0) {
    const last = listed.pop()!;
    return `${verb} by ${listed.length ? `${listed.join(', ')} and ` : ''}${last}`;
  }
  return `${verb} by ${listed.join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`;
}
