import type { NewsInput, NewsListResponse, NewsUpdate } from '@ovation/shared/schemas/admin-news';
import type { Db } from '../../db/db.ts';
import { conflict, fieldError, notFound } from '../../lib/app-errors.ts';
import {
  deleteNewsItem,
  insertNewsItem,
  listNewsItems,
  lockNewsOrder,
  newsItemExists,
  setNewsOrder,
  updateNewsItem,
  type NewsValues,
} from './news.repository.ts';

/**
 * News bulletin administration (issue 11). Items are plain text (the schema refuses HTML);
 * the ticker (`GET /api/newsbulletin/data`) reads the same table and serves only current ones.
 */
const values = (input: NewsInput): NewsValues => ({
  text: input.text,
  showFrom: input.showFrom ? new Date(input.showFrom) : null,
  showUntil: input.showUntil ? new Date(input.showUntil) : null,
});

export async function listNews(db: Db): Promise<NewsListResponse> {
  const rows = await listNewsItems(db);
  return {
    items: rows.map((r, i) => ({
      newsId: r.id,
      text: r.text,
      showFrom: r.showFrom?.toISOString() ?? null,
      showUntil: r.showUntil?.toISOString() ?? null,
      position: i + 1,
      current: r.current === true,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

export async function createNews(db: Db, input: NewsInput) {
  return { newsId: await insertNewsItem(db, values(input)) };
}

/** Saves an edit; one opened before someone else's save is refused (409), not written over it (0089). */
export async function updateNews(db: Db, newsId: number, input: NewsUpdate) {
  const expected = input.expectedUpdatedAt ? new Date(input.expectedUpdatedAt) : undefined;
  if (await updateNewsItem(db, newsId, values(input), expected)) return { newsId };
  if (expected && (await newsItemExists(db, newsId))) {
    throw conflict(
      'Someone saved this news item after you opened it. The list now shows their version: save again to replace it with yours, or cancel.',
    );
  }
  throw notFound('That news item no longer exists.');
}

export async function deleteNews(db: Db, newsId: number) {
  if (!(await deleteNewsItem(db, newsId))) throw notFound('That news item no longer exists.');
}

/**
 * The new order must name every item once (a stale screen gets a 400 and reloads); with the
 * order it was made from, one made from an order someone else changed meanwhile gets a 409.
 */
export async function reorderNews(db: Db, newsIds: number[], expectedNewsIds?: number[]) {
  await db.transaction(async (tx) => {
    const order = await lockNewsOrder(tx);
    const existing = new Set(order);
    const given = new Set(newsIds);
    if (given.size !== newsIds.length || given.size !== existing.size || newsIds.some((id) => !existing.has(id))) {
      throw fieldError('newsIds', 'The list has changed since you loaded it. Reload and try again.');
    }
    if (expectedNewsIds && expectedNewsIds.join() !== order.join()) {
      throw conflict(
        'Someone changed the order after you loaded it. The list now shows it as it is: move the item again.',
      );
    }
    await setNewsOrder(tx, newsIds);
  });
  return listNews(db);
}
