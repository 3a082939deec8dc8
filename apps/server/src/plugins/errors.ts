import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PROBLEM_TYPES, type ProblemDetails } from '@ovation/shared/errors';
import { AppError } from '../lib/app-errors.ts';

const VALIDATION_TITLE = 'One or more validation errors occurred.';

function fieldKey(instancePath: string, missingProperty?: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (typeof missingProperty === 'string') return path ? `${path}.${missingProperty}` : missingProperty;
  return path || 'body';
}

function send(reply: FastifyReply, problem: ProblemDetails) {
  return reply.status(problem.status).type('application/problem+json').send(problem);
}

/** The one error handler: every failure leaves as RFC 9457 problem details with a traceId. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const traceId = String(request.id);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const issue = (v.params as { issue?: { path?: PropertyKey[] } }).issue;
        const key = issue?.path?.length ? issue.path.map(String).join('.') : fieldKey(v.instancePath ?? '');
        (errors[key] ??= []).push(v.message ?? 'Invalid value');
      }
      return send(reply, { type: PROBLEM_TYPES.validation, title: VALIDATION_TITLE, status: 400, errors, traceId });
    }

    if (error instanceof AppError) {
      if (error.fieldErrors) {
        return send(reply, {
          type: error.type,
          title: VALIDATION_TITLE,
          status: error.status,
          errors: error.fieldErrors,
          traceId,
        });
      }
      return send(reply, {
        type: error.type,
        title: error.title,
        status: error.status,
        message: error.message,
        traceId,
      });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large, rate limit.
      const message = status === 400 ? 'The request body could not be read.' : error.message;
      const type = status === 429 ? PROBLEM_TYPES.rateLimited : PROBLEM_TYPES.validation;
      if (status === 400) {
        return send(reply, { type, title: VALIDATION_TITLE, status, errors: { body: [message] }, traceId });
      }
      return send(reply, { type, title: error.code ?? 'Bad Request', status, message, traceId });
    }

    request.log.error({ err: error }, 'request failed');
    return send(reply, {
      type: PROBLEM_TYPES.server,
      title: 'An unexpected error occurred. Please try again later.',
      status: 500,
      traceId,
    });
  });
});
