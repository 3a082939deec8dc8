import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trendingResponseSchema } from '@ovation/shared/schemas/feed';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { getTrendingBehaviours } from './get-trending.ts';
import type { TrendingBehaviour } from './trending.repository.ts';

export const trendingRoutes: FastifyPluginAsyncZod<{ cache: TtlCache<TrendingBehaviour[]> }> = async (
  app,
  { cache },
) => {
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
    async () => getTrendingBehaviours(app.db, cache),
  );
};
