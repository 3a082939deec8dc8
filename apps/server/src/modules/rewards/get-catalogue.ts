import {
  CATALOGUE_PAGE_SIZE,
  type CatalogueResponse,
  type catalogueQuerySchema,
} from '@ovation/shared/schemas/rewards';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { readMemberBalances } from '../ledger/accounts.repository.ts';
import { findCatalogueItems, listCategories, type RewardRow } from './catalogue.repository.ts';
import { presentCatalogueItem } from './rewards.presenter.ts';

type Query = z.output<typeof catalogueQuerySchema>;

/** Every category and every item on offer, as one instance holds them for a few seconds. */
export interface CatalogueSnapshot {
  categories: { id: number; slug: string; name: string }[];
  items: (RewardRow & { search: string })[];
  /** Answers already written for this snapshot (JSON text by query), "affordable" ones excepted. */
  answers: Map<string, string>;
}

const MAX_ANSWERS = 500;

export type CatalogueCache = TtlCache<CatalogueSnapshot>;

async function loadSnapshot(db: Db): Promise<CatalogueSnapshot> {
  const [categories, rows] = await Promise.all([listCategories(db), findCatalogueItems(db, {}, 'points', 100_000, 0)]);
  return {
    categories: categories.map((c) => ({ id: c.id, slug: c.slug, name: c.name })),
    items: rows.map((r) => ({ ...r, search: `${r.name}\n${r.description}`.toLowerCase() })),
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
 * One page of the catalogue with every category and how many items it holds under the search
 * and "affordable" filters. The catalogue is read from a per-instance snapshot (a few seconds
 * old at most, cleared by administrators' changes); only "affordable" reads the member's balance.
 * Stock shown may lag by those seconds; checkout's guarded update is what counts.
 */
export async function getCatalogue(
  db: Db,
  cache: CatalogueCache,
  memberId: number,
  query: Query,
): Promise<CatalogueResponse> {
  const [snapshot, balance] = await Promise.all([
    cache.get('catalogue', () => loadSnapshot(db)),
    query.affordable ? readMemberBalances(db, memberId) : null,
  ]);
  return answer(snapshot, query, balance?.awardsPointsAvailable ?? null);
}

/**
 * The catalogue answer as JSON text (the route sends it as is): answers that do not depend on the
 * member's balance are written once per snapshot and query. Tests hold the text to the schema.
 */
export async function getCatalogueJson(db: Db, cache: CatalogueCache, memberId: number, query: Query): Promise<string> {
  if (query.affordable) return JSON.stringify(await getCatalogue(db, cache, memberId, query));
  const snapshot = await cache.get('catalogue', () => loadSnapshot(db));
  const key = JSON.stringify([query.category ?? '', query.q ?? '', query.sort ?? 'points', query.page ?? 1]);
  let json = snapshot.answers.get(key);
  if (json === undefined) {
    json = JSON.stringify(answer(snapshot, query, null));
    if (snapshot.answers.size < MAX_ANSWERS) snapshot.answers.set(key, json);
  }
  return json;
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
