import { toNumber } from '../../db/sql-rows.ts';

export interface ViewerFlags {
  userLiked: boolean;
  userCheered: boolean;
  userSupported: boolean;
}

export const NO_FLAGS: ViewerFlags = Object.freeze({ userLiked: false, userCheered: false, userSupported: false });

/**
 * Who reacted to one kudos item, and how (decision 0048): member ids in ascending order, one
 * entry per (member, kind), with the kind beside each — a binary search answers a viewer's
 * flags with no database read. Held on the shared, cached rows, so a page's reactors are read
 * with its counts in one statement and replaced with them by the reaction that changes them.
 */
export interface ItemReactors {
  readonly members: Int32Array;
  readonly kinds: Uint8Array;
}

/**
 * At most this many reactions on an item are held with it; an item with more has its viewers'
 * flags read from the database (cached per member, as before 0048). At 5 bytes a reaction an
 * item holds at most 5 KB.
 */
export const REACTORS_HELD_MAX = 1_000;

export const NO_REACTORS: ItemReactors = Object.freeze({ members: new Int32Array(0), kinds: new Uint8Array(0) });

export const FLAG_BY_KIND = { 1: 'userLiked', 2: 'userCheered', 3: 'userSupported' } as const;

/**
 * The reactors of an item from its row's `reactorMembers` / `reactorKinds` (sorted by member,
 * null when none), or undefined when the item has more reactions than are held.
 */
export function toItemReactors(
  total: number,
  members: readonly unknown[] | null | undefined,
  kinds: readonly unknown[] | null | undefined,
): ItemReactors | undefined {
  if (total > REACTORS_HELD_MAX) return undefined;
  if (!members || members.length === 0) return NO_REACTORS;
  return {
    members: Int32Array.from(members, (m) => toNumber(m)),
    kinds: Uint8Array.from(kinds ?? [], (k) => toNumber(k)),
  };
}

/** The member's own flags on an item, from its reactors: a binary search, no allocation when none. */
export function flagsFrom(reactors: ItemReactors, memberId: number): ViewerFlags {
  const { members, kinds } = reactors;
  let lo = 0;
  let hi = members.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (members[mid]! < memberId) lo = mid + 1;
    else hi = mid;
  }
  if (lo >= members.length || members[lo] !== memberId) return NO_FLAGS;
  const flags = { ...NO_FLAGS };
  for (let i = lo; i < members.length && members[i] === memberId; i++) {
    const flag = FLAG_BY_KIND[kinds[i] as keyof typeof FLAG_BY_KIND];
    if (flag) flags[flag] = true;
  }
  return flags;
}

/** The viewer's flags by kudos id; an item missing from the map has none set. */
export type ViewerFlagsById = ReadonlyMap<number, ViewerFlags>;
