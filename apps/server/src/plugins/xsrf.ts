import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PROBLEM_TYPES } from '@ovation/shared/errors';
import { AppError } from '../lib/app-errors.ts';
import { newToken } from '../lib/tokens.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit XSRF protection (docs/decisions/0002): every response that finds no
 * XSRF-TOKEN cookie sets one; every state-changing /api call must echo it in X-XSRF-TOKEN.
 */
export const xsrfPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean }) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, newToken(), {
        path: '/',
        sameSite: 'strict',
        secure: opts.secure,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw new AppError(
        403,
        PROBLEM_TYPES.xsrf,
        'Forbidden',
        'Your session security token is missing or out of date. Please refresh the page and try again.',
      );
    }
  });
});
