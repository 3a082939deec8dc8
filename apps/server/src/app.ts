import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROFILE_PICTURE_MAX_BYTES } from '@ovation/shared/constants';
import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import { BackgroundWork } from './lib/background-work.ts';
import { COMPRESSION } from './lib/encoded-json.ts';
import { serverKey } from './core/secrets/server-key.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency/idempotency.plugin.ts';
import { livePlugin } from './plugins/live.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';
import { catalogueRoutes } from './route-catalog.ts';
import { registerRoutes } from './routes.ts';
import { serverOptions, type LoggingOptions } from './server-options.ts';
import { createServices, type AppServices } from './services.ts';
import type { SendServices } from './core/sends/send-deps.ts';

/** The live tickets' and celebration hashes' key when LIVE_SECRET is unset (kept in the database). */
const liveKey = serverKey('live-secret');

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started by requests and finished after their answer (registration's e-mails). */
    backgroundWork: BackgroundWork;
    /** The send runner's services, for work no request starts (the daily milestone job). */
    sendServices: SendServices;
  }
}

export interface BuildAppOptions extends LoggingOptions {
  config: AppConfig;
  database: Database;
  /** Close the database with the app (the server does; tests that share one do not). */
  closeDatabase?: boolean;
  /** Tests replace per-instance services here, e.g. a send database that fails at a chosen step. */
  services?: (services: AppServices) => AppServices;
}

function webRoot(config: AppConfig): string {
  return config.WEB_DIST_DIR || fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** The app factory: plugins in order, then feature routes. Listening is server.ts's job. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const secure = config.PUBLIC_URL.startsWith('https://');
  const app = Fastify(serverOptions(config, options)).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  catalogueRoutes(app);

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
  const services = options.services?.(made) ?? made;
  app.decorate('sendServices', services.sends);
  await registerRoutes(app, { config, secure, services });
  await app.register(staticWebPlugin, { root: webRoot(config) });

  return app;
}
