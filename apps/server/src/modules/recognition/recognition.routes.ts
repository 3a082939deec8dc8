import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recognitionSendRequestSchema, sendResponseSchema } from '@ovation/shared/schemas/recognition';
import { requireMember } from '../../plugins/auth.ts';
import { idempotent } from '../ledger/idempotency.ts';
import { sendRecognition } from './send-recognition.ts';
import { sendDeps } from './send-route-deps.ts';

export const recognitionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/recognition/send',
    {
      schema: {
        tags: ['recognition'],
        summary: 'Recognises colleagues for a behaviour (managers may add team budget points)',
        description: 'Requires an Idempotency-Key header (8–100 characters).',
        security: [{ bearer: [] }],
        body: recognitionSendRequestSchema,
        response: { 200: sendResponseSchema },
      },
    },
    async (request, reply) =>
      idempotent(app.db, request, reply, 'recognition.send', (record) =>
        sendRecognition(sendDeps(app, request, record), requireMember(request), request.body),
      ),
  );
};
