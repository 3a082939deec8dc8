import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  basketLineRequestSchema,
  basketResponseSchema,
  catalogueQuerySchema,
  catalogueResponseSchema,
  rewardIdParamsSchema,
  rewardItemSchema,
} from '@ovation/shared/schemas/rewards';
import { notFound } from '../../lib/app-errors.ts';
import { sendEncodedJson } from '../../lib/encoded-json.ts';
import { requireMember } from '../../plugins/auth.ts';
import { findRewardPicture } from './catalogue.repository.ts';
import { getBasket } from './get-basket.ts';
import { getCatalogueAnswer, type CatalogueCache } from './get-catalogue.ts';
import { getReward } from './get-reward.ts';
import { DEFAULT_REWARD_SVG } from './reward-artwork.ts';
import { DEFAULT_REWARD_PICTURE, REWARD_PICTURE_PATH } from './rewards.presenter.ts';
import { setBasketLine } from './set-basket-line.ts';

const member = { capability: 'redeemRewards' } as const;

/** Catalogue, items, basket and pictures (issue 9, South Africa). */
export const rewardsRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueCache }> = async (app, { catalogue }) => {
  app.get(
    '/api/rewards/catalogue',
    {
      config: member,
      schema: {
        tags: ['rewards'],
        summary: 'One page of the rewards catalogue, with its categories',
        description: 'Sort by points (default), name or newest; `affordable=true` keeps what the balance covers.',
        security: [{ bearer: [] }],
        querystring: catalogueQuerySchema,
        response: { 200: catalogueResponseSchema },
      },
    },
    async (request, reply) =>
      sendEncodedJson(
        request,
        reply,
        await getCatalogueAnswer(app.db, catalogue, requireMember(request).memberId, request.query),
      ),
  );

  app.get(
    '/api/rewards/items/:rewardId',
    {
      config: member,
      schema: {
        tags: ['rewards'],
        summary: 'One item of the catalogue, with its description, per-member limit and what the member holds',
        security: [{ bearer: [] }],
        params: rewardIdParamsSchema,
        response: { 200: rewardItemSchema },
      },
    },
    async (request) => getReward(app.db, requireMember(request).memberId, request.params.rewardId),
  );

  app.get(
    '/api/rewards/basket',
    {
      config: member,
      schema: {
        tags: ['rewards'],
        summary: 'The member’s basket (kept on the server), with balance and balance after checkout',
        security: [{ bearer: [] }],
        response: { 200: basketResponseSchema },
      },
    },
    async (request) => getBasket(app.db, requireMember(request).memberId),
  );

  app.put(
    '/api/rewards/basket/lines/:rewardId',
    {
      config: member,
      schema: {
        tags: ['rewards'],
        summary: 'Sets the quantity of an item in the basket (0 removes it); accepts today’s price',
        problems: [422],
        security: [{ bearer: [] }],
        params: rewardIdParamsSchema,
        body: basketLineRequestSchema,
        response: { 200: basketResponseSchema },
      },
    },
    async (request) => setBasketLine(app.db, requireMember(request).memberId, request.params.rewardId, request.body),
  );

  // Served without a session (img tags send no bearer header) under unguessable ids.
  app.get(
    `${REWARD_PICTURE_PATH}/:picId`,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['rewards'],
        summary: 'A catalogue picture',
        params: z.object({ picId: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { picId } = request.params;
      if (picId === DEFAULT_REWARD_PICTURE) {
        return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(DEFAULT_REWARD_SVG);
      }
      const picture = await findRewardPicture(app.db, picId);
      if (!picture) throw notFound('No such picture.');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(picture.contentType)
        .send(picture.data);
    },
  );
};
