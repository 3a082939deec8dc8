import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { homeDataResponseSchema } from '@ovation/shared/schemas/feed';
import { sendJsonText } from '../../lib/json-text.ts';
import { requireMember } from '../../plugins/auth.ts';
import { getHomeData, type HomeDeps } from './get-home-data.ts';

export const homeRoutes: FastifyPluginAsyncZod<Omit<HomeDeps, 'db'>> = async (app, { caches, secret }) => {
  app.post(
    '/api/site/gethomedata',
    {
      schema: {
        tags: ['home'],
        summary: 'recentRecognition, getToKnow, celebrations and leaderboard (spec §7)',
        security: [{ bearer: [] }],
        body: z.object({}).passthrough().optional(),
        response: { 200: homeDataResponseSchema },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await getHomeData({ db: app.db, caches, secret }, requireMember(request).memberId)),
  );
};
