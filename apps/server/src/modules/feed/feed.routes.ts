import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  shoutOutListRequestSchema,
  shoutOutListResponseSchema,
  shoutOutReactRequestSchema,
  shoutOutReactResponseSchema,
} from '@ovation/shared/schemas/feed';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import type { KudosCaches } from './kudos-caches.ts';
import { requireMember } from '../../plugins/auth.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { listKudos } from './list-kudos.ts';
import { reactToKudos } from './react-to-kudos.ts';

/** Reactions per member per minute (docs/decisions/0003: in-memory, per instance). */
const REACTIONS_PER_MINUTE = 120;

export const feedRoutes: FastifyPluginAsyncZod<{ caches: KudosCaches }> = async (app, { caches }) => {
  const limiter = new RateLimiter(REACTIONS_PER_MINUTE, 60_000);

  app.post(
    '/api/shoutouts/ShoutOutList',
    {
      schema: {
        tags: ['feed'],
        summary: 'The Kudos Thread, newest first, 20 per page (spec §7)',
        security: [{ bearer: [] }],
        body: shoutOutListRequestSchema,
        response: { 200: shoutOutListResponseSchema },
      },
    },
    async (request, reply) => {
      const json = await listKudos({ db: app.db, caches }, requireMember(request).memberId, request.body);
      return sendJsonText(reply, json);
    },
  );

  app.post(
    '/api/shoutouts/ShoutOutReact',
    {
      schema: {
        tags: ['feed'],
        summary: 'Like (1), cheer (2) or support (3) a kudos item, or withdraw it (spec §7)',
        problems: [404, 429],
        security: [{ bearer: [] }],
        body: shoutOutReactRequestSchema,
        response: { 200: shoutOutReactResponseSchema },
      },
    },
    async (request) =>
      reactToKudos(
        { db: app.db, bus: app.liveBus, limiter, caches, log: request.log },
        requireMember(request).memberId,
        request.body,
      ),
  );
};
