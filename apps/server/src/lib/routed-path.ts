import type { FastifyRequest } from 'fastify';

/**
 * The path a request is about, as the gates must see it. When the router matched a route,
 * that is the route's own pattern (`/api/celebrations/upcoming`): the router has already
 * decoded the URL, so `/%61pi/…` that reaches an /api handler is judged as /api. When nothing
 * matched, it is the raw path percent-decoded, lower-cased and with repeated slashes collapsed,
 * so an unmatched path that *looks* like /api is treated as /api (404 problem, XSRF checked).
 */
export function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return normalizedPath(request.url);
}

export function normalizedPath(url: string): string {
  let path = url.split('?')[0] ?? '';
  // Decode until stable (a double-encoded prefix must not slip through either), at most 3 times.
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return path.toLowerCase().replace(/[\\/]+/g, '/');
}

/** True when the request is for the API (matched /api route, or an unmatched path under /api). */
export function isApiRequest(request: FastifyRequest): boolean {
  const path = routedPath(request);
  return path === '/api' || path.startsWith('/api/');
}

/**
 * A built, hashed script or stylesheet (a route of its own, so the file exists): the document
 * policies (CSP, frame and referrer rules) do not apply to it, so it carries only what guards a
 * subresource — about 1 KB less on each of the dozen or so assets of a first visit.
 */
export function isBuiltAsset(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/assets/') === true;
}
