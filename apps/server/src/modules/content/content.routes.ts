import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentResponseSchema, getContentRequestSchema } from '@ovation/shared/schemas/content';
import { getContent } from './get-content.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/site/getcontentdb',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['content'],
        summary: 'A content page by key (spec §7)',
        problems: [404],
        body: getContentRequestSchema,
        response: { 200: contentResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await getContent(app.db, request.body.contentKey, request.auth !== null);
      // isCache pages (terms, privacy) may be kept by the browser for the visit.
      if (request.body.isCache) void reply.header('cache-control', 'private, max-age=300');
      return page;
    },
  );
};
