import type { NewsInput, NewsListResponse, NewsUpdate } from '@ovation/shared/schemas/admin-news';
import type { Db } from '../../db/db.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';
import type { AuditContext } from '../../core/audit/audit-row.ts';
import { conflict, fieldError, notFound } from '../../lib/app-errors.ts';
import {
  deleteNewsItem,
  insertNewsItem,
  listNewsItems,
  lockNewsItem,
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

/** What the audit trail keeps of an item (issue 43). */
const audited = (v: NewsValues) => ({
  text: v.text,
  showFrom: v.showFrom?.toISOString() ?? null,
  showUntil: v.showUntil?.toISOString() ?? null,
});

export async function createNews(db: Db, context: AuditContext, input: NewsInput) {
  return db.transaction(async (tx) => {
    const newsId = await insertNewsItem(tx, values(input));
    await audit(tx, context, {
      action: 'news.create',
      target: { kind: 'news', id: newsId },
      after: audited(values(input)),
    });
    return { newsId };
  });
}

/** Saves an edit; one opened before someone else's save is refused (409), not written over it (0089). */
export async function updateNews(db: Db, context: AuditContext, newsId: number, input: NewsUpdate) {
  const expected = input.expectedUpdatedAt ? new Date(input.expectedUpdatedAt) : undefined;
  const saved = await db.transaction(async (tx) => {
    const before = await lockNewsItem(tx, newsId);
    if (!before || !(await updateNewsItem(tx, newsId, values(input), expected))) return false;
    await audit(tx, context, {
      action: 'news.update',
      target: { kind: 'news', id: newsId },
      before: audited(before),
      after: audited(values(input)),
    });
    return true;
  });
  if (saved) return { newsId };
  if (expected && (await newsItemExists(db, newsId))) {
    throw conflict(
      'Someone saved this news item after you opened it. The list now shows their version: save again to replace it with yours, or cancel.',
    );
  }
  throw notFound('That news item no longer exists.');
}

export async function deleteNews(db: Db, context: AuditContext, newsId: number) {
  const deleted = await db.transaction(async (tx) => {
    const before = await lockNewsItem(tx, newsId);
    if (!before || !(await deleteNewsItem(tx, newsId))) return false;
    await audit(tx, context, { action: 'news.delete', target: { kind: 'news', id: newsId }, before: audited(before) });
    return true;
  });
  if (!deleted) throw notFound('That news item no longer exists.');
}

/**
 * The new order must name every item once (a stale screen gets a 400 and reloads); with the
 * order it was made from, one made from an order someone else changed meanwhile gets a 409.
 */
export async function reorderNews(db: Db, context: AuditContext, newsIds: number[], expectedNewsIds?: number[]) {
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
    if (order.join() !== newsIds.join()) {
      await audit(tx, context, {
        action: 'news.reorder',
        target: { kind: 'news', id: 'order' },
        before: order,
        after: newsIds,
      });
    }
  });
  return listNews(db);
}
