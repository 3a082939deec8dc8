import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { notFound } from '../lib/app-errors.ts';

/**
 * Serves the built SPA. Hashed assets are cached for a year; every other GET that accepts
 * HTML falls back to index.html so client routes work. /api/* and /profilepic/* never do.
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
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ root: opts.root }, 'no built web app found; run `npm run build` to serve the portal');
  }
  const indexHtml = hasWeb ? readFileSync(indexPath, 'utf8') : '';

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/profilepic/');
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
  });
});
