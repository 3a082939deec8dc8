import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authTokenResponseSchema } from '@ovation/shared/schemas/auth';
import {
  oidcCallbackRequestSchema,
  oidcConfigResponseSchema,
  oidcLogoutResponseSchema,
} from '@ovation/shared/schemas/oidc';
import { tooManyRequests } from '../../lib/app-errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireMember } from '../../plugins/auth.ts';
import { endProviderSession } from './end-provider-session.ts';
import { finishSignIn } from './finish-sign-in.ts';
import type { OidcProvider } from './oidc-client.ts';
import { FLOW_TTL_MS, startSignIn } from './start-sign-in.ts';

/** Binds a sign-in to the browser that started it (httpOnly, only sent to these routes). */
const BINDING_COOKIE = 'ovation_oidc';
const COOKIE_PATH = '/api/auth/oidc';

export interface OidcRoutesOptions {
  oidc: OidcProvider | null;
  sessionTtlHours: number;
  secure: boolean;
  /** Starting a sign-in writes a row: limited per IP. */
  limiter: RateLimiter;
}

/** Single sign-on with OpenID Connect (docs/decisions/0025). */
export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (app, options) => {
  const { oidc, sessionTtlHours, secure, limiter } = options;

  app.get(
    '/api/auth/oidc/config',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], summary: 'Whether single sign-on is on', response: { 200: oidcConfigResponseSchema } },
    },
    async () => ({ enabled: oidc !== null, label: oidc?.settings.label ?? '' }),
  );

  app.get(
    '/api/auth/oidc/start',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Redirects to the identity provider',
        problems: [429],
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      if (!limiter.hit(request.ip)) throw tooManyRequests();
      const started = await startSignIn({ db: app.db, log: request.log, oidc });
      if (started.browserBinding) {
        void reply.setCookie(BINDING_COOKIE, started.browserBinding, {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: COOKIE_PATH,
          maxAge: FLOW_TTL_MS / 1000,
        });
      }
      void reply.header('cache-control', 'no-store');
      return reply.redirect(started.location, 302);
    },
  );

  app.post(
    '/api/auth/oidc/callback',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Finishes single sign-on with the provider’s code; answers the bearer authToken',
        problems: [401, 429],
        body: oidcCallbackRequestSchema,
        response: { 200: authTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const browserBinding = request.cookies[BINDING_COOKIE];
      void reply.clearCookie(BINDING_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
      return finishSignIn(
        { db: app.db, log: request.log, oidc, sessionTtlHours },
        { ...request.body, ...(browserBinding ? { browserBinding } : {}) },
      );
    },
  );

  app.post(
    '/api/auth/oidc/logout',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['auth'],
        summary: "The provider's sign-out URL for a single sign-on session",
        security: [{ bearer: [] }],
        response: { 200: oidcLogoutResponseSchema },
      },
    },
    async (request) => ({
      endSessionUrl: await endProviderSession({ db: app.db, log: request.log, oidc }, requireMember(request).sessionId),
    }),
  );
};
