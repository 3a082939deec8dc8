import type { NewsInput, NewsListResponse } from '@ovation/shared/schemas/admin-news';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/app-errors.ts';
import {
  activeNewsIds,
  deleteNewsItem,
  insertNewsItem,
  listNewsItems,
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

export async function updateNews(db: Db, newsId: number, input: NewsInput) {
  if (!(await updateNewsItem(db, newsId, values(input)))) throw notFound('That news item no longer exists.');
  return { newsId };
}

export async function deleteNews(db: Db, newsId: number) {
  if (!(await deleteNewsItem(db, newsId))) throw notFound('That news item no longer exists.');
}

/** The new order must name every item once (a stale screen gets a 400 and reloads). */
export async function reorderNews(db: Db, newsIds: number[]) {
  await db.transaction(async (tx) => {
    const existing = new Set(await activeNewsIds(tx));
    const given = new Set(newsIds);
    if (given.size !== newsIds.length || given.size !== existing.size || newsIds.some((id) => !existing.has(id))) {
      throw fieldError('newsIds', 'The list has changed since you loaded it. Reload and try again.');
    }
    await setNewsOrder(tx, newsIds);
  });
  return listNews(db);
}
