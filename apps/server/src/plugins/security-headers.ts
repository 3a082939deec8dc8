import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isBuiltAsset, routedPath } from '../lib/routed-path.ts';

/** Strict CSP: scripts only from this origin; inline styles are needed by Mantine. */
function helmetOptions(secure: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * Helmet's headers, worked out once at start-up: they do not depend on the request (no CSP
 * nonces), so every reply gets the same precomputed set instead of running Helmet again.
 */
export function securityHeaders(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(secure))({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean }) => {
  const headers = securityHeaders(opts.secure);
  const assetHeaders: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': headers['cross-origin-resource-policy'] ?? 'same-origin',
    ...(headers['strict-transport-security']
      ? { 'strict-transport-security': headers['strict-transport-security'] }
      : {}),
  };
  // A built asset gets only what guards a subresource (isBuiltAsset): ~1 KB less on each.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isBuiltAsset(request) ? assetHeaders : headers);
    done();
  });
  // API answers are personal (balances, names, tokens) unless a route says otherwise: no shared
  // or browser cache keeps them (issue 15). Routes that may be cached set their own header.
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (!reply.hasHeader('cache-control') && routedPath(request).startsWith('/api/')) {
      void reply.header('cache-control', 'no-store');
    }
    done();
  });
});
