import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bannersResponseSchema } from '@ovation/shared/schemas/feed';
import { findActiveBanners } from './banners.repository.ts';

export const bannersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/site/banners',
    {
      schema: {
        tags: ['home'],
        summary: 'The Home banner carousel: up to 10 active slides in order',
        security: [{ bearer: [] }],
        response: { 200: bannersResponseSchema },
      },
    },
    async () => ({ banners: await findActiveBanners(app.db) }),
  );
};
