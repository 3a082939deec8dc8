import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@ovation/shared/schemas/auth';
import { contactSupportRequestSchema, contactUsRequestSchema } from '@ovation/shared/schemas/support';
import { tooManyRequests } from '../../lib/app-errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireMember } from '../../plugins/auth.ts';
import { contactSupport, contactUs } from './contact.ts';

export const supportRoutes: FastifyPluginAsyncZod<{ supportEmail: string; limiter: RateLimiter }> = async (
  app,
  { supportEmail, limiter },
) => {
  app.post(
    '/api/support/contact',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['support'],
        summary: 'Sends a message to support from someone who cannot sign in',
        problems: [429],
        body: contactSupportRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      if (!limiter.hit(request.ip)) throw tooManyRequests();
      return contactSupport({ db: app.db, log: request.log, supportEmail }, request.body);
    },
  );

  app.post(
    '/api/site/contactus',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['support'],
        summary: 'Sends a message to support from the signed-in member',
        problems: [429],
        security: [{ bearer: [] }],
        body: contactUsRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { memberId } = requireMember(request);
      if (!limiter.hit(`member:${memberId}`)) throw tooManyRequests();
      return contactUs({ db: app.db, log: request.log, supportEmail }, memberId, request.body);
    },
  );
};
