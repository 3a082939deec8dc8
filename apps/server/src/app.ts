import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROFILE_PICTURE_MAX_BYTES } from '@ovation/shared/constants';
import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthLimits } from './modules/auth/auth.service.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';

export interface RouteInfo {
  method: string;
  url: string;
  auth?: 'public' | 'member';
  capability?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteInfo[];
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Close the database with the app (the server does; tests that share one do not). */
  closeDatabase?: boolean;
  logger?: boolean;
}

function webRoot(config: AppConfig): string {
  return config.WEB_DIST_DIR || fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** The app factory: plugins in order, then feature routes. Listening is server.ts's job. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const secure = config.PUBLIC_URL.startsWith('https://');
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // A catalogue of every route and its access rule (tests sweep it for 401/403 coverage).
  const routeCatalog: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Getters: hooks registered deeper (e.g. the docs UI) may still adjust the config.
      routeCatalog.push({
        method,
        url: route.url,
        get auth() {
          return route.config?.auth;
        },
        get capability() {
          return route.config?.capability;
        },
      });
    }
  });
  app.decorate('routeCatalog', routeCatalog);

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database: options.database, closeOnShutdown: options.closeDatabase ?? true });
  await app.register(securityHeadersPlugin, { secure });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(xsrfPlugin, { secure });
  await app.register(authPlugin);
  await app.register(openapiPlugin);

  const limits = createAuthLimits();
  await app.register(healthRoutes);
  await app.register(authRoutes, {
    deps: { db: app.db, sessionTtlHours: config.SESSION_TTL_HOURS, publicUrl: config.PUBLIC_URL, limits },
  });
  await app.register(sessionRoutes);
  await app.register(contentRoutes);
  await app.register(supportRoutes, { supportEmail: config.SUPPORT_EMAIL, limiter: limits.contactPerIp });
  await app.register(profileRoutes);
  await app.register(outboxRoutes);
  await app.register(staticWebPlugin, { root: webRoot(config) });

  return app;
}
