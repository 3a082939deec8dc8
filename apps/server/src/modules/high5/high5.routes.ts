import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { high5SendRequestSchema, sendResponseSchema } from '@ovation/shared/schemas/recognition';
import { requireMember } from '../../plugins/auth.ts';
import { idempotencyOf } from '../../plugins/idempotency/idempotency.plugin.ts';
import { sendDeps, type SendServices } from '../../core/sends/send-deps.ts';
import { sendHigh5 } from './send-high5.ts';

export const high5Routes: FastifyPluginAsyncZod<{ sends: SendServices }> = async (app, { sends }) => {
  app.post(
    '/api/high5/send',
    {
      config: { idempotency: 'high5.send' },
      schema: {
        tags: ['recognition'],
        summary: 'Sends a colleague a High Five (a note of appreciation, no points)',
        problems: [429],
        description: 'Requires an Idempotency-Key header (8–100 characters).',
        security: [{ bearer: [] }],
        body: high5SendRequestSchema,
        response: { 200: sendResponseSchema },
      },
    },
    async (request) =>
      sendHigh5(sendDeps(sends, request), idempotencyOf(request), requireMember(request), request.body),
  );
};
