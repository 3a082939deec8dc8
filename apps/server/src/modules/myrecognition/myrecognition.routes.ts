import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myRecognitionResponseSchema } from '@ovation/shared/schemas/statements';
import { requireMember } from '../../plugins/auth.ts';
import { getMyRecognition } from './get-my-recognition.ts';

export const myRecognitionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/myrecognition',
    {
      schema: {
        tags: ['recognition'],
        summary: 'What the member received and gave, by type, with totals',
        security: [{ bearer: [] }],
        response: { 200: myRecognitionResponseSchema },
      },
    },
    async (request) => getMyRecognition(app.db, requireMember(request).memberId),
  );
};
