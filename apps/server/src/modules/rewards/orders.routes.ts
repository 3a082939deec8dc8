import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderIdParamsSchema,
  orderSchema,
  ordersQuerySchema,
  ordersResponseSchema,
} from '@ovation/shared/schemas/rewards';
import { requireMember } from '../../plugins/auth.ts';
import { getOrder, listOrders } from './list-orders.ts';

/** My Orders (issue 9, South Africa): the list and one order. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders',
    {
      config: { capability: 'redeemRewards' },
      schema: {
        tags: ['rewards'],
        summary: 'The member’s rewards orders, newest first, with lines, history and voucher codes, 50 a page',
        security: [{ bearer: [] }],
        querystring: ordersQuerySchema,
        response: { 200: ordersResponseSchema },
      },
    },
    async (request) => listOrders(app.db, requireMember(request).memberId, request.query.before),
  );

  app.get(
    '/api/orders/:orderId',
    {
      config: { capability: 'redeemRewards' },
      schema: {
        tags: ['rewards'],
        summary: 'One of the member’s orders (another member’s is 404)',
        security: [{ bearer: [] }],
        params: orderIdParamsSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => getOrder(app.db, requireMember(request).memberId, request.params.orderId),
  );
};
