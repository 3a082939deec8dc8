import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trendingResponseSchema } from '@ovation/shared/schemas/feed';
import type { FeedCaches } from '../home/feed-caches.ts';
import { getTrendingBehaviours } from './get-trending.ts';

export const trendingRoutes: FastifyPluginAsyncZod<{ caches: FeedCaches }> = async (app, { caches }) => {
  app.post(
    '/api/site/gettrendingbehaviours',
    {
      schema: {
        tags: ['home'],
        summary: 'Behaviours most recognised in the last 30 days: a header row, then [displayText, ranking, total]',
        security: [{ bearer: [] }],
        response: { 200: trendingResponseSchema },
      },
    },
    async () => getTrendingBehaviours(app.db, caches),
  );
};
