import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authTokenResponseSchema,
  totpConfirmRequestSchema,
  totpEnrolmentSchema,
  totpEnrolRequestSchema,
  totpLoginRequestSchema,
  totpRecoveryCodesSchema,
  totpManageRequestSchema,
  totpStatusSchema,
  totpTurnedOffSchema,
} from '@ovation/shared/schemas/auth';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { SharedRateLimiter } from '../../core/limits/shared-rate-limiter.ts';
import { requireMember } from '../../plugins/auth.ts';
import { openSession } from './auth.service.ts';
import {
  confirmTotpEnrolment,
  passSecondFactor,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  totpStatus,
  turnOffTotp,
} from './totp.ts';

/** The TOTP second factor (issue 15, docs/decisions/0037): enrolment and the sign-in step. */
export const totpRoutes: FastifyPluginAsyncZod<{
  sessionTtlHours: number;
  publicUrl: string;
  codesPerIp: RateLimiter;
  manageFailures: SharedRateLimiter;
}> = async (app, { sessionTtlHours, publicUrl, codesPerIp, manageFailures }) => {
  const bearer = [{ bearer: [] }];
  const manageDeps = { db: app.db, log: app.log, failures: manageFailures };

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
      const memberId = await passSecondFactor(
        { db: app.db, log: app.log, publicUrl, perIp: codesPerIp },
        { ...request.body, ip: request.ip },
      );
      const { authToken } = await openSession(app.db, memberId, sessionTtlHours, {
        method: 'totp',
        traceId: String(request.id),
      });
      return { authToken };
    },
  );

  app.get(
    '/api/auth/totp',
    {
      config: { profileExempt: true },
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
      config: { profileExempt: true },
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
      return startTotpEnrolment(manageDeps, requireMember(request).memberId, request.body.currentPassword);
    },
  );

  app.post(
    '/api/auth/totp/confirm',
    {
      config: { profileExempt: true },
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

  app.post(
    '/api/auth/totp/recovery-codes',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['auth'],
        summary: 'New recovery codes replace the old ones (needs the password and a current code); answered once',
        security: bearer,
        body: totpManageRequestSchema,
        response: { 200: totpRecoveryCodesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return regenerateRecoveryCodes(manageDeps, requireMember(request).memberId, request.body);
    },
  );

  app.post(
    '/api/auth/totp/disable',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['auth'],
        summary: 'Turns the TOTP second factor off (needs the password and a current code)',
        security: bearer,
        body: totpManageRequestSchema,
        response: { 200: totpTurnedOffSchema },
      },
    },
    async (request) => turnOffTotp(manageDeps, requireMember(request).memberId, request.body),
  );
};
