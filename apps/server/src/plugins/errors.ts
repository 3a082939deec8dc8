import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PROBLEM_TYPES, type ProblemDetails } from '@ovation/shared/errors';
import { AppError, StoredAnswer } from '../lib/app-errors.ts';
import { isUniqueViolation, postgresDataError } from '../lib/pg-errors.ts';
import { replay, standingAnswer } from './idempotency/idempotency.plugin.ts';

const VALIDATION_TITLE = 'One or more validation errors occurred.';

/** Fastify's and its plugins' client errors whose own message is not for people. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: 'Send one file at a time.',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
};

function fieldKey(instancePath: string, missingProperty?: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (typeof missingProperty === 'string') return path ? `${path}.${missingProperty}` : missingProperty;
  return path || 'body';
}

/** The first NUL character's path in parsed input ('' for the top), or undefined if none. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = findNul(child, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function send(reply: FastifyReply, problem: ProblemDetails) {
  return reply.status(problem.status).type('application/problem+json').send(problem);
}

/** The one error handler: every failure leaves as RFC 9457 problem details with a traceId. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // PostgreSQL text cannot hold NUL: refuse it as the caller's mistake before any handler runs.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value, '');
      if (path !== undefined) {
        const message = 'Text may not contain NUL characters';
        throw new AppError(400, PROBLEM_TYPES.validation, VALIDATION_TITLE, message, { [path || part]: [message] });
      }
    }
  });

  /** busboy's errors for a multipart body it cannot read carry no status of their own. */
  const isUnreadableMultipart = (error: Error) =>
    !('statusCode' in error && error.statusCode) &&
    /^(Multipart: |Unexpected end of form|Part terminated early|Malformed part header)/.test(error.message);

  app.setErrorHandler(async (thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const traceId = String(request.id);
    // A refusal under an Idempotency-Key: an answer already stored for the key stands instead.
    const standing = thrown instanceof AppError ? await standingAnswer(app.db, request) : null;
    const error = (standing ?? thrown) as FastifyError;

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const issue = (v.params as { issue?: { path?: PropertyKey[] } }).issue;
        const key = issue?.path?.length ? issue.path.map(String).join('.') : fieldKey(v.instancePath ?? '');
        (errors[key] ??= []).push(v.message ?? 'Invalid value');
      }
      return send(reply, { type: PROBLEM_TYPES.validation, title: VALIDATION_TITLE, status: 400, errors, traceId });
    }

    // The same Idempotency-Key was answered while this request waited (docs/decisions/0042).
    if (error instanceof StoredAnswer) return replay(reply, error.status, error.body);

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

    if (isUniqueViolation(error)) {
      // Two requests raced for the same unique value; the loser is told, not crashed.
      const message = 'Someone else just made a conflicting change. Please reload and try again.';
      return send(reply, { type: PROBLEM_TYPES.conflict, title: 'Conflict', status: 409, message, traceId });
    }

    const sqlState = postgresDataError(error);
    if (sqlState) {
      // Bad data that got past the schemas (a number beyond an integer column, bad encoding…).
      request.log.info({ sqlState }, 'database refused a value as bad input');
      const errors = { body: ['A value is out of range or not valid.'] };
      return send(reply, { type: PROBLEM_TYPES.validation, title: VALIDATION_TITLE, status: 400, errors, traceId });
    }

    // A multipart body that cannot be parsed (no boundary, cut off): the sender's mistake.
    const status = isUnreadableMultipart(error) ? 400 : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large, rate limit.
      const message = status === 400 ? 'The request body could not be read.' : error.message;
      const type = status === 429 ? PROBLEM_TYPES.rateLimited : PROBLEM_TYPES.validation;
      if (status === 400) {
        return send(reply, { type, title: VALIDATION_TITLE, status, errors: { body: [message] }, traceId });
      }
      const readable = CLIENT_ERROR_MESSAGES[error.code] ?? message;
      return send(reply, { type, title: STATUS_CODES[status] ?? 'Bad Request', status, message: readable, traceId });
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
