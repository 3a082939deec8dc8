import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelOrderResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  orderIdParamsSchema,
} from '@ovation/shared/schemas/rewards';
import { requireMember } from '../../plugins/auth.ts';
import { idempotencyOf } from '../../plugins/idempotency/idempotency.plugin.ts';
import { sendDeps, type SendServices } from '../../core/sends/send-deps.ts';
import { cancelOrder } from './cancel-order.ts';
import { checkout } from './checkout.ts';
import type { CatalogueCache } from './get-catalogue.ts';

/** The point-moving rewards calls, on the send runner: checkout and a member's cancel (refund). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ sends: SendServices; catalogue: CatalogueCache }> = async (
  app,
  { sends, catalogue },
) => {
  // Stock moved by a commit here shows on this instance's next catalogue read (others: decision 0047).
  const stockMoved = () => catalogue.clear();
  app.post(
    '/api/rewards/checkout',
    {
      config: { capability: 'redeemRewards', idempotency: 'rewards.checkout' },
      schema: {
        tags: ['rewards'],
        summary: 'Checks out the basket: one transaction pays, reserves stock, allocates codes and writes the order',
        problems: [409, 422],
        description:
          'Requires an Idempotency-Key header (8–100 characters). Refusals (not enough Kudos, sold out, over the ' +
          'per-member limit, withdrawn, price changed) write nothing.',
        security: [{ bearer: [] }],
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema },
      },
    },
    async (request) =>
      checkout(sendDeps(sends, request), idempotencyOf(request), requireMember(request), request.body, stockMoved),
  );

  app.post(
    '/api/orders/:orderId/cancel',
    {
      config: { capability: 'redeemRewards', idempotency: 'orders.cancel' },
      schema: {
        tags: ['rewards'],
        summary: 'Cancels one of the member’s orders while it is still placed, and refunds it',
        problems: [422],
        description: 'Requires an Idempotency-Key header (8–100 characters).',
        security: [{ bearer: [] }],
        params: orderIdParamsSchema,
        response: { 200: cancelOrderResponseSchema },
      },
    },
    async (request) =>
      cancelOrder(
        sendDeps(sends, request),
        idempotencyOf(request),
        { actorMemberId: requireMember(request).memberId, asAdministrator: false },
        request.params.orderId,
        stockMoved,
      ),
  );
};
