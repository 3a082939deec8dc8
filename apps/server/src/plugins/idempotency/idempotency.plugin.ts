import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_HEADER } from '@ovation/shared/schemas/recognition';
import type { Db } from '../../db/client.ts';
import { businessRule, conflict, fieldError } from '../../lib/app-errors.ts';
import { requireMember } from '../auth.ts';
import { claimKey, findKey, reclaimStaleKey, releaseKey, storeResponse } from './idempotency.repository.ts';

/** A claim left without an answer this long is taken to be from a request that died. */
const STALE_AFTER_MS = 2 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;

/**
 * Stores the success answer inside the work's own transaction (its last statement), so that
 * "points moved" and "answer stored" commit together: a claim without an answer always means
 * the work never committed, which is what makes taking over a stale claim safe.
 */
export interface IdempotentAnswer<A> {
  store(tx: Db, body: A): Promise<void>;
}

interface Claim {
  memberId: number;
  key: string;
  /** The answer was stored by the work (in its transaction). */
  stored: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route moves points (or stock, or plays): it takes an Idempotency-Key header and runs at
     * most once per (member, key). The value names the operation, e.g. 'payitforward.send'.
     */
    idempotency?: string;
  }
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

function requestKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw fieldError('idempotencyKey', 'Send an Idempotency-Key header of 8 to 100 characters with this request');
  }
  return value;
}

/**
 * The answer store for a route that declared `config.idempotency`; the send runner requires
 * one, so a point-moving use case cannot run on a route that forgot to declare it.
 */
export function idempotencyOf<A>(request: FastifyRequest): IdempotentAnswer<A> {
  const claim = request.idempotencyClaim;
  if (!claim) throw new Error(`${request.routeOptions.url}: declare config.idempotency to move points on this route`);
  return {
    async store(tx, body) {
      await storeResponse(tx, claim.memberId, claim.key, 200, body);
      claim.stored = true;
    },
  };
}

/**
 * Idempotency-Key for the routes that declare it (docs/decisions/0004):
 * - the key is claimed first in its own statement (insert … on conflict do nothing);
 * - the same key with another body (or route) → 422; still in flight → 409;
 * - an answered key replays the stored status and body (successes and business refusals);
 * - a 429 or a server error releases the key so the client can retry.
 * It runs after authentication, validation and the capability check.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    const operation = request.routeOptions.config.idempotency;
    if (!operation) return;
    const { memberId } = requireMember(request);
    const key = requestKey(request);
    const requestHash = createHash('sha256')
      .update(`${operation}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const claim = { memberId, key, route: operation, requestHash };

    if (!(await claimKey(app.db, claim))) {
      const existing = await findKey(app.db, memberId, key);
      if (!existing) throw conflict('This request is already being processed');
      if (existing.requestHash !== requestHash) {
        throw businessRule('This Idempotency-Key was already used for a different request', 422);
      }
      if (existing.responseStatus !== null) {
        void reply.header('idempotent-replayed', 'true').status(existing.responseStatus);
        if (existing.responseStatus >= 400) void reply.type('application/problem+json');
        return reply.send(existing.responseBody);
      }
      const stale = new Date(Date.now() - STALE_AFTER_MS);
      if (!(await reclaimStaleKey(app.db, claim, stale))) throw conflict('This request is already being processed');
    }
    request.idempotencyClaim = { memberId, key, stored: false };
  });

  // The answer as sent: refusals are kept for replay, server errors and 429s free the key.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const status = reply.statusCode;
    if (status < 300) {
      if (!claim.stored) request.log.error({ key: claim.key }, 'a point-moving route answered without storing it');
    } else if (status >= 400 && status < 500 && status !== 429) {
      await storeResponse(app.db, claim.memberId, claim.key, status, JSON.parse(String(payload)));
    } else {
      await releaseKey(app.db, claim.memberId, claim.key).catch((err: unknown) => {
        request.log.error({ err }, 'could not release an idempotency key');
      });
    }
    return payload;
  });
});
