import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { liveStreamQuerySchema, liveTicketResponseSchema } from '@ovation/shared/schemas/feed';
import { tooManyRequests, unauthorized } from '../../lib/app-errors.ts';
import { requireMember } from '../../plugins/auth.ts';
import { liveSessionIds } from '../../core/live/live-sessions.repository.ts';
import { issueLiveTicket, verifyLiveTicket } from '../../core/live/live-tickets.ts';

export const liveRoutes: FastifyPluginAsyncZod<{ secret: Buffer }> = async (app, { secret }) => {
  app.post(
    '/api/live/ticket',
    {
      // Asked for by an open page on its own (every 30 minutes): not the member's use of the session.
      config: { sessionUse: false, profileExempt: true },
      schema: {
        tags: ['live'],
        summary: 'A 60-second ticket for the live event stream',
        security: [{ bearer: [] }],
        response: { 200: liveTicketResponseSchema },
      },
    },
    async (request) => ({ ticket: issueLiveTicket(secret, requireMember(request)) }),
  );

  // EventSource sends no bearer header: the signed ticket authenticates instead.
  app.get(
    '/api/live/stream',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['live'],
        summary: 'Server-sent events: kudos (new items) and reaction (new counts)',
        problems: [401, 429],
        security: [{ liveTicket: [] }],
        querystring: liveStreamQuerySchema,
      },
    },
    async (request, reply) => {
      const holder = verifyLiveTicket(secret, request.query.ticket);
      // A ticket outlives its session by up to 60 s: a session revoked since is refused here.
      if (holder === null || !(await liveSessionIds(app.db, [holder.sessionId])).has(holder.sessionId)) {
        throw unauthorized('The live ticket is invalid or has expired.');
      }
      if (!app.liveStreams.canOpen(holder.memberId)) throw tooManyRequests('Too many live streams are open.');
      reply.hijack();
      // Keep the security headers set by the hooks so far; the reply object is bypassed now.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      app.liveStreams.add(reply.raw, holder);
    },
  );
};
