import {
  CATALOGUE_PAGE_SIZE,
  type CatalogueResponse,
  type catalogueQuerySchema,
} from '@ovation/shared/schemas/rewards';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { BatchedReader } from '../../lib/batched-reader.ts';
import { EncodedJson } from '../../lib/encoded-json.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { readPointsBalances } from '../../core/ledger/accounts.repository.ts';
import { findCatalogueItems, listCategories, type RewardRow } from './catalogue.repository.ts';
import { presentCatalogueItem } from './rewards.presenter.ts';

type Query = z.output<typeof catalogueQuerySchema>;

/** Every category and every item on offer, as one instance holds them (decision 0047). */
export interface CatalogueSnapshot {
  categories: { id: number; slug: string; name: string }[];
  items: (RewardRow & { search: string })[];
  /** The distinct prices on offer, ascending. */
  costs: number[];
  /** Answers already written for this snapshot, by query (and, for "affordable", price step). */
  answers: Map<string, EncodedJson>;
}

/** Beyond this many distinct queries per snapshot (free-text searches), answers are written per request. */
const MAX_ANSWERS = 500;

export type CatalogueCache = TtlCache<CatalogueSnapshot>;

async function loadSnapshot(db: Db): Promise<CatalogueSnapshot> {
  const [categories, rows] = await Promise.all([listCategories(db), findCatalogueItems(db, {}, 'points', 100_000, 0)]);
  return {
    categories: categories.map((c) => ({ id: c.id, slug: c.slug, name: c.name })),
    items: rows.map((r) => ({ ...r, search: `${r.name}\n${r.description}`.toLowerCase() })),
    costs: [...new Set(rows.map((r) => r.pointsCost))].sort((a, b) => a - b),
    answers: new Map(),
  };
}

const byName = (a: RewardRow, b: RewardRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
const SORTS = {
  points: (a: RewardRow, b: RewardRow) => a.pointsCost - b.pointsCost || a.id - b.id,
  name: byName,
  newest: (a: RewardRow, b: RewardRow) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
};

/**
 * The dearest price on offer that `balance` covers (-1 when none): "affordable" keeps exactly the
 * same items under this step as under the balance itself, so answers are shared by every member
 * whose balance falls in the same step — and carry nothing of the member.
 */
export function priceStep(costs: number[], balance: number): number {
  let low = 0;
  let high = costs.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (costs[mid]! <= balance) low = mid + 1;
    else high = mid;
  }
  return low === 0 ? -1 : costs[low - 1]!;
}

/** Concurrent "affordable" requests' balance reads, one statement per turn of the event loop. */
const balanceReaders = new WeakMap<Db, BatchedReader<number, number>>();
function readPointsBalance(db: Db, memberId: number): Promise<number> {
  let reader = balanceReaders.get(db);
  if (!reader) {
    reader = new BatchedReader((ids) => readPointsBalances(db, ids), 0);
    balanceReaders.set(db, reader);
  }
  return reader.read(memberId);
}

/**
 * One page of the catalogue with every category and how many items it holds under the search
 * and "affordable" filters, written as JSON (and compressed on demand) once per snapshot and
 * query. The snapshot is per instance and dropped on any change to the catalogue (decision 0047);
 * only "affordable" reads anything per request: the member's points balance, read after the
 * request arrived (never cached), in one indexed statement shared with concurrent requests.
 */
export async function getCatalogueAnswer(
  db: Db,
  cache: CatalogueCache,
  memberId: number,
  query: Query,
): Promise<EncodedJson> {
  const [snapshot, balance] = await Promise.all([
    cache.get('catalogue', () => loadSnapshot(db)),
    query.affordable ? readPointsBalance(db, memberId) : null,
  ]);
  const maxPoints = balance === null ? null : priceStep(snapshot.costs, balance);
  const key = JSON.stringify([query.category ?? '', query.q ?? '', query.sort ?? 'points', query.page ?? 1, maxPoints]);
  let written = snapshot.answers.get(key);
  if (written === undefined) {
    written = new EncodedJson(JSON.stringify(answer(snapshot, query, maxPoints)));
    if (snapshot.answers.size < MAX_ANSWERS) snapshot.answers.set(key, written);
  }
  return written;
}

function answer(snapshot: CatalogueSnapshot, query: Query, maxPoints: number | null): CatalogueResponse {
  const page = query.page ?? 1;
  const category = query.category ? snapshot.categories.find((c) => c.slug === query.category) : undefined;
  if (query.category && !category) return { categories: [], items: [], hasMore: false };
  const needle = query.q?.toLowerCase();
  const matching = snapshot.items.filter(
    (item) => (!needle || item.search.includes(needle)) && (maxPoints === null || item.pointsCost <= maxPoints),
  );
  const counts = new Map<number, number>();
  for (const item of matching) counts.set(item.categoryId, (counts.get(item.categoryId) ?? 0) + 1);
  const inCategory = category ? matching.filter((item) => item.categoryId === category.id) : matching;
  const sorted = [...inCategory].sort(SORTS[query.sort ?? 'points']);
  const start = (page - 1) * CATALOGUE_PAGE_SIZE;
  const slugOf = new Map(snapshot.categories.map((c) => [c.id, c.slug]));
  return {
    categories: snapshot.categories.map((c) => ({ slug: c.slug, name: c.name, count: counts.get(c.id) ?? 0 })),
    items: sorted
      .slice(start, start + CATALOGUE_PAGE_SIZE)
      .map((row) => presentCatalogueItem(row, slugOf.get(row.categoryId)!)),
    hasMore: sorted.length > start + CATALOGUE_PAGE_SIZE,
  };
}
