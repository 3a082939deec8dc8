import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { behavioursResponseSchema } from '@ovation/shared/schemas/recognition';
import { listActiveBehaviours } from './behaviours.repository.ts';

export const behavioursRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/behaviours',
    {
      schema: {
        tags: ['recognition'],
        summary: 'The firm’s behaviours a recognition is labelled with',
        security: [{ bearer: [] }],
        response: { 200: behavioursResponseSchema },
      },
    },
    async () => ({ behaviours: await listActiveBehaviours(app.db) }),
  );
};
