import type { FastifyRequest } from 'fastify';
import type { Transactions } from '../../db/batched-transaction.ts';
import type { Db } from '../../db/db.ts';
import type { LiveEvent } from '../live/live-bus.ts';
import type { SendDeps } from './send-plan.ts';
import type { SharedRateLimits } from '../limits/shared-rate-limiter.ts';
import type { ProgrammeSettings } from '../settings/programme-settings.ts';
import { SendRateLimiter } from './send-limits.ts';

/** The send runner's per-instance services, made once in the composition root (services.ts). */
export type SendServices = Omit<SendDeps, 'log'>;

export function createSendServices(
  db: Db,
  transactions: Transactions,
  publish: (event: LiveEvent) => void,
  settings: ProgrammeSettings,
  rateLimits?: SharedRateLimits,
): SendServices {
  return { db, transactions, limiter: new SendRateLimiter(rateLimits), publish, settings };
}

/** The runner's dependencies for one request: the instance's services, the request's logger and id. */
export function sendDeps(services: SendServices, request: FastifyRequest): SendDeps {
  return { ...services, log: request.log, traceId: String(request.id) };
}
