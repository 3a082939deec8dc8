import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markReadRequestSchema,
  notificationsResponseSchema,
  preferencesSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
} from '@ovation/shared/schemas/notifications';
import { tooManyRequests } from '../../lib/app-errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireMember } from '../../plugins/auth.ts';
import { listMyNotifications } from './list-notifications.ts';
import { markNotificationsRead } from './mark-notifications-read.ts';
import { getPreferences, updatePreferences } from './preferences.ts';
import { unsubscribeByToken } from './unsubscribe.ts';

/** The header bell and preferences (decision 0026); the e-mails' unsubscribe links (0027, 0044). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ unsubscribeLimiter: RateLimiter }> = async (
  app,
  { unsubscribeLimiter },
) => {
  /**
   * Only failed links count against the caller's address (20 an hour): one-click unsubscribes
   * arrive from a mail provider's few servers for thousands of members, and a valid link (a
   * per-member HMAC) is not something to guess (decision 0096).
   */
  const unsubscribe = async (ip: string, token: string) => {
    if (unsubscribeLimiter.isLimited(ip)) throw tooManyRequests();
    try {
      return await unsubscribeByToken(app.db, token);
    } catch (error) {
      unsubscribeLimiter.hit(ip);
      throw error;
    }
  };

  app.get(
    '/api/notifications',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['notifications'],
        summary: 'The member’s latest notifications (the header bell), with the unread count',
        security: [{ bearer: [] }],
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request) => listMyNotifications(app.db, requireMember(request).memberId),
  );

  app.post(
    '/api/notifications/read',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['notifications'],
        summary: 'Marks notifications read: these ids, or all of the member’s (up to `upToId`, the newest seen)',
        security: [{ bearer: [] }],
        body: markReadRequestSchema,
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request) =>
      markNotificationsRead(
        { db: app.db, bus: app.liveBus },
        requireMember(request).memberId,
        request.body.all ? { all: true, upToId: request.body.upToId } : { ids: request.body.ids },
      ),
  );

  app.get(
    '/api/profile/preferences',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['profile'],
        summary: 'The member’s notification preferences',
        security: [{ bearer: [] }],
        response: { 200: preferencesSchema },
      },
    },
    async (request) => getPreferences(app.db, requireMember(request).memberId),
  );

  app.put(
    '/api/profile/preferences',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['profile'],
        summary: 'Saves the member’s notification preferences',
        security: [{ bearer: [] }],
        body: preferencesSchema,
        response: { 200: preferencesSchema },
      },
    },
    async (request) => updatePreferences(app.db, requireMember(request).memberId, request.body),
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['notifications'],
        summary: "Turns off the weekly digest of the member the e-mail's signed link was made for",
        body: unsubscribeRequestSchema,
        response: { 200: unsubscribeResponseSchema },
      },
    },
    async (request) => {
      return unsubscribe(request.ip, request.body.token);
    },
  );

  // RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe
  // link itself. The signed single-purpose token in the link is the only credential: no session,
  // and no XSRF token (a mail client has none; not an /api path, so the XSRF gate does not apply),
  // decision 0044. Opening the link (GET) still only shows the page with its button.
  await app.register(async (oneClick) => {
    // Mail clients send the body as a form; what it says is not needed, so it is read and ignored.
    oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, undefined),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/unsubscribe',
      {
        config: { auth: 'public' },
        schema: {
          hide: true,
          querystring: unsubscribeRequestSchema,
          response: { 200: unsubscribeResponseSchema },
        },
      },
      async (request) => {
        return unsubscribe(request.ip, request.query.token);
      },
    );
  });
};
