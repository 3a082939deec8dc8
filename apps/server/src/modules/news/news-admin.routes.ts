import { auditContextOf } from '../../plugins/audit-context.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  newsCreatedResponseSchema,
  newsIdParamsSchema,
  newsInputSchema,
  newsListResponseSchema,
  newsOrderSchema,
  newsUpdateSchema,
} from '@ovation/shared/schemas/admin-news';
import { createNews, deleteNews, listNews, reorderNews, updateNews } from './manage-news.ts';

/** /newsbulletinadmin's API: the news role and report administrators (capability newsAdmin). */
export const newsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['admin'], security: [{ bearer: [] }] };
  const config = { capability: 'newsAdmin' as const };

  app.get(
    '/api/admin/news',
    {
      config,
      schema: { ...common, summary: 'Every news item, in ticker order', response: { 200: newsListResponseSchema } },
    },
    async () => listNews(app.db),
  );

  app.post(
    '/api/admin/news',
    {
      config,
      schema: {
        ...common,
        summary: 'Adds a plain-text news item at the end of the ticker',
        body: newsInputSchema,
        response: { 201: newsCreatedResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createNews(app.db, auditContextOf(request), request.body)),
  );

  app.put(
    '/api/admin/news/order',
    {
      config,
      schema: {
        ...common,
        summary: 'Reorders the ticker: every item id, first to last',
        description: 'With `expectedNewsIds` (the order moved from), an order changed meanwhile is refused with 409.',
        problems: [409],
        body: newsOrderSchema,
        response: { 200: newsListResponseSchema },
      },
    },
    async (request) => reorderNews(app.db, auditContextOf(request), request.body.newsIds, request.body.expectedNewsIds),
  );

  app.put(
    '/api/admin/news/:newsId',
    {
      config,
      schema: {
        ...common,
        summary: 'Edits a news item’s text and schedule',
        description: 'With `expectedUpdatedAt` (the item as opened), an item saved meanwhile is refused with 409.',
        problems: [404, 409],
        params: newsIdParamsSchema,
        body: newsUpdateSchema,
        response: { 200: newsCreatedResponseSchema },
      },
    },
    async (request) => updateNews(app.db, auditContextOf(request), request.params.newsId, request.body),
  );

  app.delete(
    '/api/admin/news/:newsId',
    {
      config,
      schema: { ...common, summary: 'Deletes a news item', params: newsIdParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteNews(app.db, auditContextOf(request), request.params.newsId);
      return reply.code(204).send(null);
    },
  );
};
