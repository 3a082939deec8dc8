import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { negotiate } from '@fastify/accept-negotiator';
import { notFound } from '../lib/app-errors.ts';
import { normalizedPath } from '../lib/routed-path.ts';

/**
 * Serves the built SPA. Hashed assets are cached for a year, and sent as the build's brotli or
 * gzip copy when the browser accepts it (preCompressed); every other GET that accepts HTML falls
 * back to index.html so client routes work. /api/* and /profilepic/* never do.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const indexPath = path.join(opts.root, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ root: opts.root }, 'no built web app found; run `npm run build` to serve the portal');
  }
  const indexHtml = hasWeb ? readFileSync(indexPath, 'utf8') : '';
  const indexBr = brotliCompressSync(indexHtml);
  const indexGz = gzipSync(indexHtml);

  app.setNotFoundHandler(async (request, reply) => {
    const path = normalizedPath(request.url);
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/profilepic/');
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
      void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      // The not-found handler is no route, so @fastify/compress does not see it: negotiate here.
      const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
      if (encoding === 'br') return reply.header('content-encoding', 'br').send(indexBr);
      if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(indexGz);
      return reply.send(indexHtml);
    }
    throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
  });
});
