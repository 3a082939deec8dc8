import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { high5SendRequestSchema, sendResponseSchema } from '@ovation/shared/schemas/recognition';
import { requireMember } from '../../plugins/auth.ts';
import { idempotent } from '../ledger/idempotency.ts';
import { sendDeps } from '../recognition/send-route-deps.ts';
import { sendHigh5 } from './send-high5.ts';

export const high5Routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/high5/send',
    {
      schema: {
        tags: ['recognition'],
        summary: 'Sends a colleague a High Five (a note of appreciation, no points)',
        description: 'Requires an Idempotency-Key header (8–100 characters).',
        security: [{ bearer: [] }],
        body: high5SendRequestSchema,
        response: { 200: sendResponseSchema },
      },
    },
    async (request, reply) =>
      idempotent(app.db, request, reply, 'high5.send', (record) =>
        sendHigh5(sendDeps(app, request, record), requireMember(request), request.body),
      ),
  );
};
