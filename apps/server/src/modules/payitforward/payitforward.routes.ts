import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payItForwardSendRequestSchema, sendResponseSchema } from '@ovation/shared/schemas/recognition';
import { requireMember } from '../../plugins/auth.ts';
import { idempotent } from '../ledger/idempotency.ts';
import { sendDeps } from '../recognition/send-route-deps.ts';
import { sendPayItForward } from './send-pay-it-forward.ts';

export const payItForwardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/payitforward/send',
    {
      config: { capability: 'payItForward' },
      schema: {
        tags: ['recognition'],
        summary: 'Shares some of the member’s own points with a colleague (South Africa)',
        description: 'Requires an Idempotency-Key header (8–100 characters).',
        security: [{ bearer: [] }],
        body: payItForwardSendRequestSchema,
        response: { 200: sendResponseSchema },
      },
    },
    async (request, reply) =>
      idempotent(app.db, request, reply, 'payitforward.send', (record) =>
        sendPayItForward(sendDeps(app, request, record), requireMember(request), request.body),
      ),
  );
};
