import type { FastifySchema, RouteOptions } from 'fastify';

/** The problem answers the document can name, each a shared response of RFC 9457 details. */
export const PROBLEM_RESPONSES = {
  400: { name: 'BadRequest', description: 'The request is not valid: `errors` names each field and what is wrong.' },
  401: {
    name: 'Unauthorized',
    description: 'No valid session: sign in (POST /api/auth/login) and send the bearer token.',
  },
  403: {
    name: 'Forbidden',
    description:
      'Not allowed: the role, country or unit does not permit it, or a state-changing request that carries cookies or no bearer token lacks the X-XSRF-TOKEN header matching its XSRF-TOKEN cookie.',
  },
  404: { name: 'NotFound', description: 'No such resource (or not one the caller may see).' },
  409: { name: 'Conflict', description: 'A conflicting change or the same Idempotency-Key still being processed.' },
  422: { name: 'UnprocessableContent', description: 'A business rule refused the request; `message` says why.' },
  429: { name: 'TooManyRequests', description: 'Too many attempts: wait and try again.' },
} as const;

export type ProblemStatus = keyof typeof PROBLEM_RESPONSES;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Problem answers this route gives beyond those derived from its declaration (see
     * problemStatuses): e.g. 404 from a lookup by body field, 422 from a business rule, 429.
     */
    problems?: readonly ProblemStatus[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * The naming rule for operationIds: the method, then each path segment after /api in PascalCase,
 * a parameter as By{Name}. `POST /api/admin/uploads/:uploadId/apply` → postAdminUploadsByUploadIdApply.
 */
export function operationIdFor(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const words = segments.map((segment) =>
    segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment),
  );
  return method.toLowerCase() + words.join('');
}

type RouteShape = Pick<RouteOptions, 'url' | 'config'> & { method: string; schema?: FastifySchema };

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

/** True when the route answers without a session (an explicitly public /api route, or outside /api). */
export function isPublicRoute(route: RouteShape): boolean {
  return !isApiUrl(route.url) || route.config?.auth === 'public';
}

/**
 * The problem answers a route can give, from what it declares: input → 400; a session → 401; a
 * state-changing /api call (XSRF) or a capability → 403; a path parameter → 404; an
 * Idempotency-Key → 409 (in flight) and 422 (reused for another request); plus schema.problems.
 */
export function problemStatuses(route: RouteShape): ProblemStatus[] {
  const schema = route.schema ?? {};
  const statuses = new Set<ProblemStatus>(schema.problems ?? []);
  const stateChanging = !SAFE_METHODS.has(route.method);
  if (stateChanging || schema.body || schema.querystring || schema.params || schema.headers) statuses.add(400);
  if (!isPublicRoute(route)) statuses.add(401);
  if (isApiUrl(route.url) && (stateChanging || route.config?.capability)) statuses.add(403);
  if (route.url.includes('/:')) statuses.add(404);
  if (route.config?.idempotency) {
    statuses.add(409);
    statuses.add(422);
  }
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Declared security: a member route needs the bearer session; a public one is public (`[]`)
 * unless its schema says how it may still be used (e.g. optionally signed in, or a ticket).
 */
export function securityFor(route: RouteShape): Array<Record<string, string[]>> {
  if (!isPublicRoute(route)) return [{ bearer: [] }];
  return (route.schema?.security as Array<Record<string, string[]>> | undefined) ?? [];
}
