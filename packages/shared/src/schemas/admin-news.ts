import { z } from 'zod';
import { databaseId, expectedUpdatedAtSchema } from './ids.ts';

/** News bulletin administration (issue 11): plain-text ticker items, ordered and scheduled. */
export const NEWS_TEXT_MAX = 200;

/** Plain text only: anything that looks like a tag is refused rather than stripped. */
export const newsTextSchema = z
  .string()
  .trim()
  .min(1, 'Enter the news text')
  .max(NEWS_TEXT_MAX, `Keep it to ${NEWS_TEXT_MAX} characters`)
  .refine((t) => !/<[a-z!/?][^>]*>/i.test(t), 'Plain text only: no HTML');

/**
 * ISO date-time (UTC) or null: when the item starts / stops showing, within this century (year
 * 1 would be read as 2001 by the database's two-digit rules, year 9999 is a typo).
 */
const instant = z.iso
  .datetime({ offset: true })
  .refine((t) => {
    const year = new Date(t).getUTCFullYear();
    return year >= 2000 && year <= 2100;
  }, 'Choose a date between 2000 and 2100')
  .nullable()
  .optional();

const newsFields = { text: newsTextSchema, showFrom: instant, showUntil: instant };
const windowInOrder = (v: { showFrom?: string | null; showUntil?: string | null }) =>
  !v.showFrom || !v.showUntil || Date.parse(v.showFrom) < Date.parse(v.showUntil);
const windowMessage = { message: 'Show until must be after show from', path: ['showUntil'] };

export const newsInputSchema = z.object(newsFields).refine(windowInOrder, windowMessage);
export type NewsInput = z.infer<typeof newsInputSchema>;

/**
 * PUT /api/admin/news/{newsId}: with `expectedUpdatedAt` (the item's `updatedAt` as the editor
 * opened it), an item someone else saved meanwhile is refused (409) instead of overwritten.
 */
export const newsUpdateSchema = z
  .object({ ...newsFields, expectedUpdatedAt: expectedUpdatedAtSchema.optional() })
  .refine(windowInOrder, windowMessage);
export type NewsUpdate = z.infer<typeof newsUpdateSchema>;

export const newsIdParamsSchema = z.object({ newsId: databaseId('No such news item') });

export const newsItemSchema = z.object({
  newsId: z.number().int(),
  text: z.string(),
  showFrom: z.string().nullable(),
  showUntil: z.string().nullable(),
  /** Position in the ticker (1 = first). */
  position: z.number().int(),
  /** Shown in the ticker right now (in its window). */
  current: z.boolean(),
  /** When its text or window last changed (a move in the order leaves it). */
  updatedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsListResponseSchema = z.object({ items: z.array(newsItemSchema) });
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;

export const newsCreatedResponseSchema = z.object({ newsId: z.number().int() });

/**
 * PUT /api/admin/news/order: every item's id in the new order; with `expectedNewsIds` (the order
 * the editor moved from), an order someone else changed meanwhile is refused (409).
 */
const newsIdList = z.array(z.number().int().positive()).min(1).max(500);
export const newsOrderSchema = z.object({ newsIds: newsIdList, expectedNewsIds: newsIdList.optional() });
