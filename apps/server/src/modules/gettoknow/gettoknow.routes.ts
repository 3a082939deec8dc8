import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getToKnowSearchRequestSchema, getToKnowSearchResponseSchema } from '@ovation/shared/schemas/feed';
import { requireMember } from '../../plugins/auth.ts';
import { searchColleagues } from './get-to-know.ts';

export const getToKnowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/gettoknow/search',
    {
      schema: {
        tags: ['home'],
        summary: 'Registered colleagues by name or division, 24 per page',
        security: [{ bearer: [] }],
        body: getToKnowSearchRequestSchema,
        response: { 200: getToKnowSearchResponseSchema },
      },
    },
    async (request) => searchColleagues(app.db, requireMember(request).memberId, request.body),
  );
};
