import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameBoardResponseSchema, gamePlayRequestSchema, gamePlayResponseSchema } from '@ovation/shared/schemas/game';
import { requireMember } from '../../plugins/auth.ts';
import { idempotencyOf } from '../../plugins/idempotency/idempotency.plugin.ts';
import { sendDeps, type SendServices } from '../../core/sends/send-deps.ts';
import { getGameBoard } from './get-game-board.ts';
import { playGame } from './play-game.ts';

export const gameRoutes: FastifyPluginAsyncZod<{ sends: SendServices }> = async (app, { sends }) => {
  app.get(
    '/api/game/board',
    {
      config: { capability: 'playGame' },
      schema: {
        tags: ['game'],
        summary: 'The Game Board: plays left, caps, the prize table with its odds, whether the pool is refilling',
        security: [{ bearer: [] }],
        response: { 200: gameBoardResponseSchema },
      },
    },
    async (request) => getGameBoard(app.db, sends.settings, requireMember(request).memberId),
  );
  app.post(
    '/api/game/play',
    {
      config: { capability: 'playGame', idempotency: 'game.play' },
      schema: {
        tags: ['game'],
        summary: 'Flips a cap: uses one play and pays the prize drawn on the server from the pool',
        problems: [422],
        description:
          'Requires an Idempotency-Key header (8–100 characters). 422 when no plays are left or the pool is refilling.',
        security: [{ bearer: [] }],
        body: gamePlayRequestSchema,
        response: { 200: gamePlayResponseSchema },
      },
    },
    async (request) => playGame(sendDeps(sends, request), idempotencyOf(request), requireMember(request), request.body),
  );
};
