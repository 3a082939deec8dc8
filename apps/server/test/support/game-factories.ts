import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { gameDraws } from '../../src/db/schema/index.ts';
import { readPrizePool } from '../../src/modules/game/game.repository.ts';
import { transfer } from '../../src/core/ledger/transfer.ts';
import type { TestContext } from './build-app.ts';
import { newKey } from './ledger-factories.ts';

/** Sets the prize pool to exactly `amount` through the ledger (issuance ↔ game_prizes). */
export async function setPool(app: FastifyInstance, amount: number) {
  const delta = amount - (await readPrizePool(app.db));
  if (delta === 0) return;
  await transfer(app.db, {
    kind: 'game_pool_funding',
    memo: 'Test pool',
    legs: [
      { system: 'issuance', amount: -delta },
      { system: 'game_prizes', amount: delta },
    ],
  });
}

export const poolOf = (app: FastifyInstance) => readPrizePool(app.db);

export function play(ctx: TestContext, token: string | undefined, payload: unknown, key: string | null = newKey()) {
  return ctx.request({
    method: 'POST',
    url: '/api/game/play',
    token,
    payload: payload as object,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

export const drawsOf = (app: FastifyInstance, memberId: number) =>
  app.db.select().from(gameDraws).where(eq(gameDraws.memberId, memberId)).orderBy(gameDraws.id);
