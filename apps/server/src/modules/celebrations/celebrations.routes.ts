import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { celebrationsResponseSchema, upcomingCelebrationsQuerySchema } from '@ovation/shared/schemas/feed';
import { getTodaysCelebrations, getUpcomingCelebrations, type CelebrationDeps } from './get-celebrations.ts';

export const celebrationsRoutes: FastifyPluginAsyncZod<Omit<CelebrationDeps, 'db'>> = async (app, options) => {
  const deps: CelebrationDeps = { db: app.db, cache: options.cache, secret: options.secret };

  app.post(
    '/api/site/getcelebrations',
    {
      schema: {
        tags: ['home'],
        summary: 'Today’s birthdays (BDAY) and work anniversaries (ANNIV) (spec §7)',
        security: [{ bearer: [] }],
        body: z.object({}).passthrough().optional(),
        response: { 200: celebrationsResponseSchema },
      },
    },
    async () => ({ report: await getTodaysCelebrations(deps) }),
  );

  app.get(
    '/api/celebrations/upcoming',
    {
      schema: {
        tags: ['home'],
        summary: 'Birthdays and anniversaries of the coming days, today included, by date',
        security: [{ bearer: [] }],
        querystring: upcomingCelebrationsQuerySchema,
        response: { 200: celebrationsResponseSchema },
      },
    },
    async (request) => ({ report: await getUpcomingCelebrations(deps, request.query.days) }),
  );
};
