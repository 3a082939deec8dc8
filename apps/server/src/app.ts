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
import { behavioursRoutes } from './modules/behaviours/behaviours.routes.ts';
import { high5Routes } from './modules/high5/high5.routes.ts';
import { membersSearchRoutes } from './modules/members-search/members-search.routes.ts';
import { myRecognitionRoutes } from './modules/myrecognition/myrecognition.routes.ts';
import { payItForwardRoutes } from './modules/payitforward/payitforward.routes.ts';
import { recognitionRoutes } from './modules/recognition/recognition.routes.ts';
import { statementsRoutes } from './modules/statements/statements.routes.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { celebrationsRoutes } from './modules/celebrations/celebrations.routes.ts';
import { feedRoutes } from './modules/feed/feed.routes.ts';
import { getToKnowRoutes } from './modules/gettoknow/gettoknow.routes.ts';
import { createFeedCaches, onLiveEvent } from './modules/home/feed-caches.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { livePlugin } from './modules/live/live.plugin.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { resolveLiveSecret } from './modules/live/live-tickets.ts';
import { moodRoutes } from './modules/mood/mood.routes.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { trendingRoutes } from './modules/trending/trending.routes.ts';

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
  await app.register(livePlugin);

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
  await app.register(behavioursRoutes);
  await app.register(membersSearchRoutes);
  await app.register(recognitionRoutes);
  await app.register(high5Routes);
  await app.register(payItForwardRoutes);
  await app.register(myRecognitionRoutes);
  await app.register(statementsRoutes);
  const liveSecret = resolveLiveSecret(config.LIVE_SECRET);
  const feedCaches = createFeedCaches(config.FEED_CACHE_SECONDS * 1000);
  // Any live event (from this or another instance) may change what a shared feed page shows.
  app.liveBus.subscribe((event) => onLiveEvent(feedCaches, event));
  await app.register(feedRoutes, { caches: feedCaches });
  await app.register(newsRoutes);
  await app.register(bannersRoutes);
  await app.register(celebrationsRoutes, { caches: feedCaches, secret: liveSecret });
  await app.register(homeRoutes, { caches: feedCaches, secret: liveSecret });
  await app.register(trendingRoutes, { caches: feedCaches });
  await app.register(moodRoutes);
  await app.register(getToKnowRoutes);
  await app.register(liveRoutes, { secret: liveSecret });
  await app.register(staticWebPlugin, { root: webRoot(config) });

  return app;
}
