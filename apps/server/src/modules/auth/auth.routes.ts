import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  resetPasswordSchema,
  resetRequestSchema,
} from '@ovation/shared/schemas/auth';
import { activateRegistrationSchema, registerRequestSchema } from '@ovation/shared/schemas/registration';
import { requireMember } from '../../plugins/auth.ts';
import { activateRegistration } from './activate-registration.ts';
import { changePassword } from './change-password.ts';
import { logIn, logOut, requestPasswordReset, resetPassword, type AuthDeps } from './auth.service.ts';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_DAYS } from './known-device.ts';
import { registerMember } from './register-member.ts';

export const authRoutes: FastifyPluginAsyncZod<{ deps: Omit<AuthDeps, 'log'> }> = async (app, { deps }) => {
  const withLog = (log: AuthDeps['log']): AuthDeps => ({ ...deps, log });

  app.get(
    '/api/auth/xsrf',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], summary: 'Issues the XSRF-TOKEN cookie', response: { 204: z.null() } },
    },
    async (_request, reply) => reply.status(204).send(null),
  );

  app.post(
    '/api/auth/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Signs in with e-mail and password; answers the bearer authToken and the profile',
        problems: [401, 429],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const { answer, knownDevice } = await logIn(withLog(request.log), {
        ...request.body,
        ip: request.ip,
        knownDevice: request.cookies[KNOWN_DEVICE_COOKIE],
        traceId: String(request.id),
      });
      // Sent only to the sign-in calls, never readable by scripts (decision 0071).
      void reply.setCookie(KNOWN_DEVICE_COOKIE, knownDevice, {
        path: '/api/auth/login',
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.publicUrl.startsWith('https://'),
        maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
      });
      return answer;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['auth'],
        summary: 'Signs out: revokes the bearer session',
        security: [{ bearer: [] }],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await logOut(deps, requireMember(request).sessionId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Asks for an activation link (same answer whether or not the details match)',
        problems: [429],
        body: registerRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => registerMember(withLog(request.log), { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/auth/register/activate',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sets the first password with the e-mailed activation link',
        problems: [429],
        body: activateRegistrationSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => activateRegistration(deps, { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/auth/reset-request',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'E-mails a password reset link (same answer whether or not the address is known)',
        problems: [429],
        body: resetRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => requestPasswordReset(withLog(request.log), { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/auth/reset',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with the e-mailed reset link and ends every session',
        problems: [429],
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => resetPassword(deps, { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['auth'],
        summary: 'Changes the signed-in member’s password (needs the current one; signs out other sessions)',
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) =>
      changePassword(
        {
          db: app.db,
          log: request.log,
          wrongPasswordPerMember: deps.limits.wrongPasswordPerMember,
          sessions: deps.sessions,
        },
        requireMember(request),
        request.body,
      ),
  );
};
