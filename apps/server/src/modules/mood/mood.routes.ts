import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  moodHistoryQuerySchema,
  moodHistoryResponseSchema,
  moodResponseSchema,
  putMoodRequestSchema,
} from '@ovation/shared/schemas/feed';
import { requireMember } from '../../plugins/auth.ts';
import { getMood, getMoodHistory, saveMood } from './mood.ts';

export const moodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/mood/data',
    {
      config: { capability: 'moodCheckIn' },
      schema: {
        tags: ['mood'],
        summary: 'Today’s daily check-in, 1 happy to 3 unhappy; a new choice replaces it (spec §7)',
        security: [{ bearer: [] }],
        body: putMoodRequestSchema,
        response: { 200: moodResponseSchema },
      },
    },
    async (request) => saveMood(app.db, requireMember(request).memberId, request.body.value),
  );

  // The spec's client calls GET /api/mood/data/ (trailing slash); both spellings answer.
  for (const url of ['/api/mood/data/', '/api/mood/data']) {
    app.get(
      url,
      {
        schema: {
          tags: ['mood'],
          summary: 'The mood choices and today’s check-in (spec §7)',
          security: [{ bearer: [] }],
          response: { 200: moodResponseSchema },
        },
      },
      async (request) => getMood(app.db, requireMember(request).memberId),
    );
  }

  app.get(
    '/api/mood/history',
    {
      schema: {
        tags: ['mood'],
        summary: 'The member’s check-ins from one day to another (at most 400 days)',
        security: [{ bearer: [] }],
        querystring: moodHistoryQuerySchema,
        response: { 200: moodHistoryResponseSchema },
      },
    },
    async (request) => getMoodHistory(app.db, requireMember(request).memberId, request.query),
  );
};
