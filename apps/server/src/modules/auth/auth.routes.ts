import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordSchema,
  resetRequestSchema,
} from '@ovation/shared/schemas/auth';
import { requireMember } from '../../plugins/auth.ts';
import { logIn, logOut, register, requestPasswordReset, resetPassword, type AuthDeps } from './auth.service.ts';

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
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => logIn(withLog(request.log), { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 204: z.null() } } },
    async (request, reply) => {
      await logOut(app.db, requireMember(request).sessionId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: registerRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => register(withLog(request.log), { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/auth/reset-request',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: resetRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => requestPasswordReset(withLog(request.log), { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/auth/reset',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => resetPassword(app.db, request.body),
  );
};
