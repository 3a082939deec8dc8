import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recognitionSendRequestSchema, sendResponseSchema } from '@ovation/shared/schemas/recognition';
import { requireMember } from '../../plugins/auth.ts';
import { idempotencyOf } from '../../plugins/idempotency/idempotency.plugin.ts';
import { sendDeps, type SendServices } from '../../core/sends/send-deps.ts';
import { sendRecognition } from './send-recognition.ts';

export const recognitionRoutes: FastifyPluginAsyncZod<{ sends: SendServices }> = async (app, { sends }) => {
  app.post(
    '/api/recognition/send',
    {
      config: { idempotency: 'recognition.send' },
      schema: {
        tags: ['recognition'],
        summary: 'Recognises colleagues for a behaviour (managers may add team budget points)',
        problems: [429],
        description: 'Requires an Idempotency-Key header (8–100 characters).',
        security: [{ bearer: [] }],
        body: recognitionSendRequestSchema,
        response: { 200: sendResponseSchema },
      },
    },
    async (request) =>
      sendRecognition(sendDeps(sends, request), idempotencyOf(request), requireMember(request), request.body),
  );
};
