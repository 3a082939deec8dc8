import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authTokenResponseSchema,
  totpConfirmRequestSchema,
  totpEnrolmentSchema,
  totpEnrolRequestSchema,
  totpLoginRequestSchema,
  totpRecoveryCodesSchema,
  totpStatusSchema,
} from '@ovation/shared/schemas/auth';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireMember } from '../../plugins/auth.ts';
import { openSession } from './auth.service.ts';
import { confirmTotpEnrolment, passSecondFactor, startTotpEnrolment, totpStatus } from './totp.ts';

/** The TOTP second factor (issue 15, docs/decisions/0037): enrolment and the sign-in step. */
export const totpRoutes: FastifyPluginAsyncZod<{ sessionTtlHours: number; codesPerIp: RateLimiter }> = async (
  app,
  { sessionTtlHours, codesPerIp },
) => {
  const bearer = [{ bearer: [] }];

  app.post(
    '/api/auth/login/totp',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Finishes sign-in with the TOTP code (or a recovery code) for a sign-in challenge',
        body: totpLoginRequestSchema,
        response: { 200: authTokenResponseSchema },
      },
    },
    async (request) => {
      const memberId = await passSecondFactor({ db: app.db, perIp: codesPerIp }, { ...request.body, ip: request.ip });
      const { authToken } = await openSession(app.db, memberId, sessionTtlHours);
      return { authToken };
    },
  );

  app.get(
    '/api/auth/totp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a second factor is offered to the signed-in member, and whether it is on',
        security: bearer,
        response: { 200: totpStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return totpStatus(app.db, requireMember(request).memberId);
    },
  );

  app.post(
    '/api/auth/totp/enrol',
    {
      schema: {
        tags: ['auth'],
        summary: 'Starts turning on the TOTP second factor: a new secret and its QR code (needs the password)',
        security: bearer,
        body: totpEnrolRequestSchema,
        response: { 200: totpEnrolmentSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startTotpEnrolment(app.db, requireMember(request).memberId, request.body.currentPassword);
    },
  );

  app.post(
    '/api/auth/totp/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turns the TOTP second factor on with a code from the app; answers the recovery codes once',
        security: bearer,
        body: totpConfirmRequestSchema,
        response: { 200: totpRecoveryCodesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmTotpEnrolment(app.db, requireMember(request).memberId, request.body.code);
    },
  );
};
