import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_HEADER } from '@ovation/shared/schemas/recognition';
import type { Db } from '../../db/db.ts';
import { PROBLEM_TYPES } from '@ovation/shared/errors';
import { AppError, businessRule, conflict, fieldError, StoredAnswer } from '../../lib/app-errors.ts';
import { requireMember } from '../auth.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import {
  findKey,
  holdKeyStatement,
  storeRefusal,
  storeResponseStatement,
  type IdempotencyClaim,
} from './idempotency.repository.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;

const IN_FLIGHT = 'This request is already being processed';
/** Its own problem type: the client retries it with the same key (any other 409 was decided). */
const inFlight = () => new AppError(409, PROBLEM_TYPES.inFlight, 'Conflict', IN_FLIGHT);
const OTHER_REQUEST = 'This Idempotency-Key was already used for a different request';

interface Claim extends IdempotencyClaim {
  /** The answer was stored by the work (in its transaction). */
  stored: boolean;
  /** The answer is not this request's own (in flight elsewhere, replayed, other body): keep nothing. */
  passive: boolean;
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
 * one, so a point-moving use case cannot run on a route that forgot to declare it. `status` is
 * the route's success code, kept with the answer so a replay answers as the first request did.
 */
export function idempotencyOf<A>(request: FastifyRequest, status: 200 | 202 = 200): IdempotentAnswer<A> {
  const claim = request.idempotencyClaim;
  if (!claim) throw new Error(`${request.routeOptions.url}: declare config.idempotency to move points on this route`);
  return {
    hold: [
      holdKeyStatement(claim.memberId, claim.key, {
        held: () => {
          claim.passive = true;
          return inFlight();
        },
        // Answered meanwhile: the error handler's standingAnswer() replays what was stored (or
        // answers 422 for another request), as for any refusal under a key.
        answered: () => conflict(IN_FLIGHT),
      }),
    ],
    store(body) {
      const statement = storeResponseStatement(claim, status, body);
      return { ...statement, read: () => void (claim.stored = true) };
    },
  };
}

/**
 * Idempotency-Key for the routes that declare it (docs/decisions/0004, 0042, 0049):
 * - an answered key replays the stored status and body (successes and business refusals);
 *   the same key with another body (or route, or path ids) → 422 — found by the work's transaction, or by
 *   standingAnswer() when the work refuses before its transaction;
 * - otherwise the work runs, holding the key in its own transaction (`hold`): another live
 *   request with the key → 409; a request whose process died holds nothing;
 * - a business refusal is kept for replay; a 429 or a server error keeps nothing.
 * It runs after authentication, validation and the capability check.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request) => {
    const operation = request.routeOptions.config.idempotency;
    if (!operation) return;
    const { memberId } = requireMember(request);
    const key = requestKey(request);
    // The path's ids are part of the request: the same key on another order is another request.
    const params = request.params as Record<string, unknown> | undefined;
    const path = params && Object.keys(params).length > 0 ? `${JSON.stringify(params)}\n` : '';
    const requestHash = createHash('sha256')
      .update(`${operation}\n${path}${JSON.stringify(request.body ?? null)}`)
      .digest('hex');

    // No read here (decision 0049): the work's transaction reads the key's answer after holding
    // it, and a refusal before the transaction asks standingAnswer() whether an answer stands.
    request.idempotencyClaim = { memberId, key, route: operation, requestHash, stored: false, passive: false };
  });

  // The answer as sent: business refusals are kept for replay, server errors and 429s leave nothing.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (claim.passive) return payload;
    const status = reply.statusCode;
    if (status < 300) {
      if (!claim.stored) request.log.error({ key: claim.key }, 'a point-moving route answered without storing it');
    } else if (status >= 400 && status < 500 && status !== 429) {
      await storeRefusal(app.db, claim, status, JSON.parse(String(payload)));
    }
    return payload;
  });
});

/**
 * For a refusal on a route that holds an Idempotency-Key: the answer already stored for the key,
 * which stands instead (replayed), or the 422 when the key was used for a different request; null
 * when none is stored (decision 0049: the key is read only when the work refuses, not before it).
 */
export async function standingAnswer(db: Db, request: FastifyRequest): Promise<StoredAnswer | AppError | null> {
  const claim = request.idempotencyClaim;
  if (!claim || claim.passive) return null;
  const existing = await findKey(db, claim.memberId, claim.key);
  // A row without an answer is a claim of the earlier scheme whose request died: not a holder.
  if (existing?.responseStatus == null) return null;
  claim.passive = true;
  if (existing.requestHash !== claim.requestHash) return businessRule(OTHER_REQUEST, 422);
  return new StoredAnswer(existing.responseStatus, existing.responseBody);
}

/** Sends a stored answer again. */
export function replay(reply: FastifyReply, status: number, body: unknown) {
  void reply.header('idempotent-replayed', 'true').status(status);
  if (status >= 400) void reply.type('application/problem+json');
  return reply.send(body);
}
