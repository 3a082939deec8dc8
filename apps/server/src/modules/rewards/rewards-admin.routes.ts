import { auditContextOf } from '../../plugins/audit-context.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROFILE_PICTURE_MAX_BYTES } from '@ovation/shared/constants';
import {
  cancelOrderResponseSchema,
  orderIdParamsSchema,
  orderSchema,
  rewardIdParamsSchema,
} from '@ovation/shared/schemas/rewards';
import {
  adminCancelRequestSchema,
  adminCatalogueResponseSchema,
  adminRewardSchema,
  categoryInputSchema,
  fulfilmentQueueQuerySchema,
  fulfilmentQueueResponseSchema,
  orderStatusRequestSchema,
  rewardInputSchema,
  voucherCodesRequestSchema,
  voucherCodesResponseSchema,
} from '@ovation/shared/schemas/rewards-admin';
import { fieldError } from '../../lib/app-errors.ts';
import { requireMember } from '../../plugins/auth.ts';
import { idempotencyOf } from '../../plugins/idempotency/idempotency.plugin.ts';
import { sendDeps, type SendServices } from '../../core/sends/send-deps.ts';
import { createCategory, createReward, editReward, getAdminCatalogue } from './admin-catalogue.ts';
import { cancelOrder } from './cancel-order.ts';
import type { CatalogueCache } from './get-catalogue.ts';
import { getFulfilmentQueue, moveOrder } from './fulfilment-queue.ts';
import { loadVoucherCodes } from './load-voucher-codes.ts';
import { uploadRewardPicture } from './upload-reward-picture.ts';

const admin = { capability: 'manageRewards' } as const;
const tags = ['rewards administration'];
const security = [{ bearer: [] }];

/** Rewards administration (report administrators, decision 0023): catalogue, code pools, fulfilment queue. */
export const rewardsAdminRoutes: FastifyPluginAsyncZod<{ sends: SendServices; catalogue: CatalogueCache }> = async (
  app,
  { sends, catalogue },
) => {
  // Every change to the catalogue is seen at once on this instance (others when the database's
  // notice arrives, decision 0047).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 400) catalogue.clear();
    return payload;
  });

  app.get(
    '/api/admin/rewards/catalogue',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Every item, withdrawn too, with code pools',
        response: { 200: adminCatalogueResponseSchema },
      },
    },
    async () => getAdminCatalogue(app.db),
  );

  app.post(
    '/api/admin/rewards/categories',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Adds a category',
        body: categoryInputSchema,
        response: { 200: z.object({ slug: z.string(), name: z.string() }) },
      },
    },
    async (request) => createCategory(app.db, auditContextOf(request), request.body),
  );

  app.post(
    '/api/admin/rewards/items',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Adds an item',
        body: rewardInputSchema,
        response: { 200: adminRewardSchema },
      },
    },
    async (request) => createReward(app.db, auditContextOf(request), request.body),
  );

  app.put(
    '/api/admin/rewards/items/:rewardId',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Edits an item; active false withdraws it',
        description:
          'Omitted `memberLimit`, `active` and `stockLeft` stay as they are. With `expectedUpdatedAt` (the item as opened), an item saved meanwhile is refused with 409.',
        problems: [404, 409],
        params: rewardIdParamsSchema,
        body: rewardInputSchema,
        response: { 200: adminRewardSchema },
      },
    },
    async (request) => editReward(app.db, auditContextOf(request), request.params.rewardId, request.body),
  );

  app.post(
    '/api/admin/rewards/items/:rewardId/picture',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Uploads an item’s picture (multipart field "picture"; checked by content)',
        consumes: ['multipart/form-data'],
        params: rewardIdParamsSchema,
        response: { 200: z.object({ pictureUrl: z.string() }) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw fieldError('picture', 'Choose a picture to upload');
      const file = await request.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });
      if (!file) throw fieldError('picture', 'Choose a picture to upload');
      const buffer = await file.toBuffer().catch(() => {
        throw fieldError('picture', 'The picture must be at most 5 MB');
      });
      if (file.file.truncated) throw fieldError('picture', 'The picture must be at most 5 MB');
      return uploadRewardPicture(app.db, request.params.rewardId, buffer);
    },
  );

  app.post(
    '/api/admin/rewards/items/:rewardId/codes',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Loads voucher codes from a CSV file’s text (duplicates refused); answers how many were added',
        problems: [422],
        params: rewardIdParamsSchema,
        body: voucherCodesRequestSchema,
        response: { 200: voucherCodesResponseSchema },
      },
    },
    async (request) => loadVoucherCodes(app.db, auditContextOf(request), request.params.rewardId, request.body.csv),
  );

  app.get(
    '/api/admin/rewards/orders',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'The fulfilment queue: orders placed and processing (or one status), searchable',
        querystring: fulfilmentQueueQuerySchema,
        response: { 200: fulfilmentQueueResponseSchema },
      },
    },
    async (request) => getFulfilmentQueue(app.db, request.query),
  );

  app.post(
    '/api/admin/rewards/orders/:orderId/status',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Moves an order to processing or fulfilled, with a note (e.g. a courier reference)',
        problems: [422],
        params: orderIdParamsSchema,
        body: orderStatusRequestSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) =>
      moveOrder(
        { db: app.db, log: request.log, bus: app.liveBus },
        requireMember(request).memberId,
        request.params.orderId,
        request.body,
      ),
  );

  app.post(
    '/api/admin/rewards/orders/:orderId/cancel',
    {
      config: { ...admin, idempotency: 'rewards.admin.cancel' },
      schema: {
        tags,
        security,
        summary: 'Cancels a placed or processing order and refunds it',
        problems: [422],
        description: 'Requires an Idempotency-Key header (8–100 characters).',
        params: orderIdParamsSchema,
        body: adminCancelRequestSchema,
        response: { 200: cancelOrderResponseSchema },
      },
    },
    async (request) =>
      cancelOrder(
        sendDeps(sends, request),
        idempotencyOf(request),
        { actorMemberId: requireMember(request).memberId, asAdministrator: true, note: request.body.note },
        request.params.orderId,
      ),
  );
};
