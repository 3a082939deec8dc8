import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SendDeps } from './send-deps.ts';
import { SendRateLimiter } from './send-limits.ts';

// One send rate limiter per app instance, shared by the three send routes.
const limiters = new WeakMap<FastifyInstance, SendRateLimiter>();

/** The send use cases' dependencies for one request. */
export function sendDeps(app: FastifyInstance, request: FastifyRequest, record?: SendDeps['record']): SendDeps {
  let limiter = limiters.get(app);
  if (!limiter) {
    limiter = new SendRateLimiter();
    limiters.set(app, limiter);
  }
  return {
    db: app.db,
    log: request.log,
    limiter,
    record,
    // The live bus exists once the live plugin is registered; publish only after the commit.
    onKudosCreated: (ids) => {
      const bus = (app as Partial<Pick<FastifyInstance, 'liveBus'>>).liveBus;
      for (const id of ids) bus?.publishKudosCreated(id);
    },
  };
}
