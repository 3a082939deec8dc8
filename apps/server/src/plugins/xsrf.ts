import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PROBLEM_TYPES } from '@ovation/shared/errors';
import { AppError } from '../lib/app-errors.ts';
import { isApiRequest, isBuiltAsset } from '../lib/routed-path.ts';
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
 * A request that names its bearer token itself and carries no cookie at all cannot be forged
 * cross-site: a browser adds cookies by itself but never an `Authorization: Bearer` header, and a
 * page elsewhere cannot add one without a CORS grant this server never gives. Any cookie counts
 * (the server cannot know which one a browser, a proxy or a future feature treats as a
 * credential), so a browser's request is judged as before. A bad token is still refused (401).
 */
export function isCookielessBearer(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  if (cookie !== undefined && cookie.trim() !== '') return false;
  const authorization = request.headers.authorization;
  return typeof authorization === 'string' && /^Bearer\s+\S+$/i.test(authorization);
}

/**
 * Double-submit XSRF protection (docs/decisions/0002): every response that finds no
 * XSRF-TOKEN cookie sets one; every state-changing /api call must echo it in X-XSRF-TOKEN,
 * unless it is a cookieless bearer request (isCookielessBearer).
 */
export const xsrfPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean }) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    // The page and the API hand out the cookie; a built asset needs none (issue 14: header bytes).
    if (!cookie && !isBuiltAsset(request)) {
      // The `__Host-` prefix's properties under the name spec §7 fixes (decision 0002): Secure
      // on an https portal, Path=/, and never a Domain, so only this host receives it.
      reply.setCookie(XSRF_COOKIE, newToken(), {
        path: '/',
        sameSite: 'strict',
        secure: opts.secure,
        httpOnly: false,
      });
    }
    // The matched route (or, unmatched, the decoded path): `/%61pi/…` is checked like /api/….
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request) || isCookielessBearer(request)) return;
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
