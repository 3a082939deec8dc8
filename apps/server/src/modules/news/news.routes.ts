import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsBulletinResponseSchema } from '@ovation/shared/schemas/feed';
import { findActiveNews } from './news.repository.ts';

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/newsbulletin/data',
    {
      schema: {
        tags: ['home'],
        summary: 'The news ticker: newsBulletin is a JSON string of [{ text }] (spec §7)',
        security: [{ bearer: [] }],
        response: { 200: newsBulletinResponseSchema },
      },
    },
    async () => ({ newsBulletin: JSON.stringify(await findActiveNews(app.db)) }),
  );
};
