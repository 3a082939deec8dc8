import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@ovation/shared/schemas/recognition';
import type { Db } from '../../db/client.ts';
import { AppError, businessRule, conflict, fieldError } from '../../lib/app-errors.ts';
import { requireMember } from '../../plugins/auth.ts';
import { claimKey, findKey, reclaimStaleKey, releaseKey, storeResponse } from './idempotency.repository.ts';

/** A claim left without an answer this long is taken to be from a request that died. */
const STALE_AFTER_MS = 2 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;

function requestKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw fieldError('idempotencyKey', 'Send an Idempotency-Key header of 8 to 100 characters with this request');
  }
  return value;
}

function problemOf(error: AppError, traceId: string) {
  if (error.fieldErrors) {
    return { type: error.type, title: error.title, status: error.status, errors: error.fieldErrors, traceId };
  }
  return { type: error.type, title: error.title, status: error.status, message: error.message, traceId };
}

/**
 * Stores the success answer inside the work's own transaction (its last statement), so that
 * "points moved" and "answer stored" commit together: a claim without an answer always means
 * the work never committed, which is what makes taking over a stale claim safe.
 */
export type RecordResponse<T> = (tx: Db, body: T) => Promise<void>;

/**
 * Runs a point-moving request at most once per (member, Idempotency-Key):
 * - the key is claimed first in its own statement (insert … on conflict do nothing);
 * - the same key with another body (or route) → 422; still in flight → 409;
 * - an answered key replays the stored status and body (successes and business refusals);
 * - a 429 or a server error releases the key so the client can retry.
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  work: (record: RecordResponse<T>) => Promise<T>,
): Promise<T> {
  const { memberId } = requireMember(request);
  const key = requestKey(request);
  const requestHash = createHash('sha256')
    .update(`${route}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  const claim = { memberId, key, route, requestHash };

  if (!(await claimKey(db, claim))) {
    const existing = await findKey(db, memberId, key);
    if (!existing) throw conflict('This request is already being processed');
    if (existing.requestHash !== requestHash) {
      throw businessRule('This Idempotency-Key was already used for a different request', 422);
    }
    if (existing.responseStatus === null) {
      const stale = new Date(Date.now() - STALE_AFTER_MS);
      if (!(await reclaimStaleKey(db, claim, stale))) throw conflict('This request is already being processed');
    } else {
      void reply.header('idempotent-replayed', 'true').status(existing.responseStatus);
      if (existing.responseStatus >= 400) void reply.type('application/problem+json');
      return existing.responseBody as T;
    }
  }

  let recorded = false;
  const record: RecordResponse<T> = async (tx, body) => {
    await storeResponse(tx, memberId, key, 200, body);
    recorded = true;
  };
  try {
    const result = await work(record);
    if (!recorded) await storeResponse(db, memberId, key, 200, result);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      await storeResponse(db, memberId, key, error.status, problemOf(error, String(request.id)));
    } else {
      await releaseKey(db, memberId, key).catch((err: unknown) => {
        request.log.error({ err }, 'could not release an idempotency key');
      });
    }
    throw error;
  }
}
