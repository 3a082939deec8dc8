import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROFILE_PICTURE_MAX_BYTES } from '@ovation/shared/constants';
import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import { BackgroundWork } from './lib/background-work.ts';
import { COMPRESSION } from './lib/encoded-json.ts';
import { serializeError } from './lib/redact-personal.ts';
import { redactUrl } from './lib/redact-url.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin, sendFrameworkError } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';
import { idempotencyPlugin } from './plugins/idempotency/idempotency.plugin.ts';
import { createServices, type AppServices } from './services.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { totpRoutes } from './modules/auth/totp.routes.ts';
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
import { gameRoutes } from './modules/game/game.routes.ts';
import { getToKnowRoutes } from './modules/gettoknow/gettoknow.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { livePlugin } from './plugins/live.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { moodRoutes } from './modules/mood/mood.routes.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { newsAdminRoutes } from './modules/news/news-admin.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { trendingRoutes } from './modules/trending/trending.routes.ts';
import { oidcRoutes } from './modules/oidc/oidc.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { ordersRoutes } from './modules/rewards/orders.routes.ts';
import { checkoutRoutes } from './modules/rewards/checkout.routes.ts';
import { rewardsAdminRoutes } from './modules/rewards/rewards-admin.routes.ts';
import { serverKey } from './core/secrets/server-key.ts';

/** The live tickets' and celebration hashes' key when LIVE_SECRET is unset (kept in the database). */
const liveKey = serverKey('live-secret');

export interface RouteInfo {
  method: string;
  url: string;
  auth?: 'public' | 'member';
  capability?: string;
  profileExempt?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteInfo[];
    /** Work started by requests and finished after their answer (registration's e-mails). */
    backgroundWork: BackgroundWork;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Close the database with the app (the server does; tests that share one do not). */
  closeDatabase?: boolean;
  logger?: boolean;
  /** Tests read the log lines a flow writes (e.g. a refused single sign-on). */
  loggerInstance?: FastifyBaseLogger;
  /** Tests replace per-instance services here, e.g. a send database that fails at a chosen step. */
  services?: (services: AppServices) => AppServices;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
}

function webRoot(config: AppConfig): string {
  return config.WEB_DIST_DIR || fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the first n hops" (as Fastify does itself). */
function trustProxyOption(value: AppConfig['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/**
 * How long a connection may be held without progress (docs/decisions/0041): a request must
 * arrive in full within REQUEST_TIMEOUT_SECONDS (Node answers 408 and closes), its headers
 * within HEADERS_TIMEOUT_SECONDS; a connection silent both ways for CONNECTION_IDLE_SECONDS is
 * closed. The live stream's request is complete once its headers are in, and its heartbeat
 * keeps it from being idle. Node checks the request timeouts every second (default 30 s).
 */
function serverTimeouts(config: AppConfig) {
  return {
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.CONNECTION_IDLE_SECONDS * 1000,
    keepAliveTimeout: config.KEEP_ALIVE_SECONDS * 1000,
    http: { headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000, connectionsCheckingInterval: 1000 },
  };
}

/** The app factory: plugins in order, then feature routes. Listening is server.ts's job. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const secure = config.PUBLIC_URL.startsWith('https://');
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger:
            options.logger === false
              ? false
              : {
                  level: config.LOG_LEVEL,
                  redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
                  // Reset/activation tokens and live tickets travel in query strings: never log them, nor
                  // searched names or e-mail addresses (in URLs or errors).
                  serializers: {
                    err: serializeError,
                    req: (req: FastifyRequest) => ({
                      method: req.method,
                      url: redactUrl(req.url),
                      host: req.host,
                      remoteAddress: req.ip,
                      remotePort: req.socket?.remotePort,
                    }),
                  },
                  ...(options.logStream ? { stream: options.logStream } : {}),
                },
        }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    // Only a configured proxy may set the client address (X-Forwarded-For); default none.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Long path parameters reach the route's schema, which refuses them as problem details (400);
    // the router's own limit (100) answered 414 in Fastify's format.
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: sendFrameworkError,
    ...serverTimeouts(config),
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
        get profileExempt() {
          return route.config?.profileExempt;
        },
      });
    }
  });
  app.decorate('routeCatalog', routeCatalog);

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database: options.database, closeOnShutdown: options.closeDatabase ?? true });
  await app.register(securityHeadersPlugin, { secure });
  // Answers over 1 KB are compressed (brotli quality 4 or gzip) unless already encoded, like the
  // build's precompressed assets; compressed request bodies are not accepted (decompression bombs).
  await app.register(compress, { ...COMPRESSION, globalDecompression: false });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(xsrfPlugin, { secure });
  await app.register(authPlugin, {
    sessionCacheSeconds: config.SESSION_CACHE_SECONDS,
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
  });
  await app.register(idempotencyPlugin);
  await app.register(openapiPlugin, { publicUrl: config.PUBLIC_URL });
  await app.register(livePlugin);

  // Work requests start without waiting for it; closing the app waits for it.
  app.decorate('backgroundWork', new BackgroundWork(app.log));
  app.addHook('preClose', async () => app.backgroundWork.settled());

  // Live tickets and celebration hashes: LIVE_SECRET, else one key in the database for every instance.
  const made = createServices(app, config, config.LIVE_SECRET ? undefined : await liveKey(app.db));
  const { caches, liveSecret, sends, uploadJobs, oidc, rateLimits } = options.services?.(made) ?? made;
  const limits = createAuthLimits(rateLimits);
  await app.register(healthRoutes);
  await app.register(authRoutes, {
    deps: {
      db: app.db,
      sessionTtlHours: config.SESSION_TTL_HOURS,
      publicUrl: config.PUBLIC_URL,
      limits,
      sessions: app.sessionCache,
      background: app.backgroundWork,
    },
  });
  await app.register(totpRoutes, {
    sessionTtlHours: config.SESSION_TTL_HOURS,
    publicUrl: config.PUBLIC_URL,
    codesPerIp: new RateLimiter(30, 15 * 60 * 1000),
    // Wrong passwords or codes when changing the second factor count with wrong change-password ones.
    manageFailures: limits.wrongPasswordPerMember,
  });
  await app.register(oidcRoutes, {
    oidc,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    secure,
    limiter: new RateLimiter(30, 10 * 60 * 1000),
  });
  await app.register(sessionRoutes, { settings: sends.settings });
  await app.register(contentRoutes);
  await app.register(supportRoutes, { supportEmail: config.SUPPORT_EMAIL, limiter: limits.contactPerIp });
  await app.register(profileRoutes, { settings: sends.settings, wrongPasswords: limits.wrongPasswordPerMember });
  await app.register(outboxRoutes);
  await app.register(behavioursRoutes);
  await app.register(membersSearchRoutes);
  await app.register(recognitionRoutes, { sends });
  await app.register(high5Routes, { sends });
  await app.register(payItForwardRoutes, { sends });
  await app.register(myRecognitionRoutes);
  await app.register(statementsRoutes);
  await app.register(gameRoutes, { sends });
  await app.register(rewardsRoutes, { catalogue: caches.rewardsCatalogue });
  await app.register(ordersRoutes);
  await app.register(checkoutRoutes, { sends, catalogue: caches.rewardsCatalogue });
  await app.register(rewardsAdminRoutes, { sends, catalogue: caches.rewardsCatalogue });
  await app.register(feedRoutes, { caches: caches.kudos });
  await app.register(newsRoutes);
  await app.register(newsAdminRoutes);
  await app.register(rolesRoutes);
  await app.register(uploadsRoutes, { sends, jobs: uploadJobs });
  await app.register(bannersRoutes);
  await app.register(celebrationsRoutes, { cache: caches.celebrations, secret: liveSecret });
  await app.register(homeRoutes, { caches, secret: liveSecret });
  await app.register(trendingRoutes, { cache: caches.trending });
  await app.register(moodRoutes);
  await app.register(getToKnowRoutes);
  await app.register(liveRoutes, { secret: liveSecret });
  await app.register(notificationsRoutes, { unsubscribeLimiter: new RateLimiter(20, 60 * 60 * 1000) });
  await app.register(reportsRoutes, { counts: caches.reportCounts });
  await app.register(staticWebPlugin, { root: webRoot(config) });

  return app;
}
