import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  payItForwardAllowanceResponseSchema,
  payItForwardSendRequestSchema,
  sendResponseSchema,
} from '@ovation/shared/schemas/recognition';
import { requireMember } from '../../plugins/auth.ts';
import { idempotencyOf } from '../../plugins/idempotency/idempotency.plugin.ts';
import { sendDeps, type SendServices } from '../../core/sends/send-deps.ts';
import { payItForwardAllowance } from './allowance.ts';
import { sendPayItForward } from './send-pay-it-forward.ts';

export const payItForwardRoutes: FastifyPluginAsyncZod<{ sends: SendServices }> = async (app, { sends }) => {
  app.post(
    '/api/payitforward/send',
    {
      config: { capability: 'payItForward', idempotency: 'payitforward.send' },
      schema: {
        tags: ['recognition'],
        summary: 'Shares some of the member’s own points with a colleague (South Africa)',
        problems: [429],
        description: 'Requires an Idempotency-Key header (8–100 characters).',
        security: [{ bearer: [] }],
        body: payItForwardSendRequestSchema,
        response: { 200: sendResponseSchema },
      },
    },
    async (request) =>
      sendPayItForward(sendDeps(sends, request), idempotencyOf(request), requireMember(request), request.body),
  );

  app.get(
    '/api/payitforward/allowance',
    {
      config: { capability: 'payItForward' },
      schema: {
        tags: ['recognition'],
        summary: 'What the member may still pay forward today: the daily cap, given today (UTC), left',
        security: [{ bearer: [] }],
        response: { 200: payItForwardAllowanceResponseSchema },
      },
    },
    async (request) => payItForwardAllowance(sends, requireMember(request).memberId),
  );
};
