import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PROBLEM_TYPES, type ProblemDetails } from '@ovation/shared/errors';
import { AppError, StoredAnswer } from '../lib/app-errors.ts';
import { isUniqueViolation, postgresDataError } from '../lib/pg-errors.ts';
import { replay, standingAnswer } from './idempotency/idempotency.plugin.ts';

const VALIDATION_TITLE = 'One or more validation errors occurred.';
const SERVER_ERROR_TITLE = 'An unexpected error occurred. Please try again later.';

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

/** Deeper than any request of this API nests (its deepest bodies are three or four levels). */
const MAX_INPUT_DEPTH = 32;
const TOO_DEEP = Symbol('too deep');
/** A UTF-16 surrogate without its pair: no text column or JSON value can store it. */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/**
 * Parsed JSON, query strings and path parameters: arrays and plain objects (the query parser's
 * have a prototype of their own whose prototype is null); a Buffer or a stream is not walked.
 */
const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value) as object | null;
  return Array.isArray(value) || proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

/**
 * Walks parsed input: answers the first NUL character's path ('' for the top), TOO_DEEP past
 * MAX_INPUT_DEPTH, or undefined. Lone surrogates in strings become U+FFFD in place, as the
 * database driver writes them into every text column: JSON columns (a kudos item's payload)
 * would refuse them instead.
 */
function inspectInput(value: unknown, path: string, depth = 0): string | typeof TOO_DEEP | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || !isPlain(value)) return undefined;
  if (depth >= MAX_INPUT_DEPTH) return TOO_DEEP;
  const record = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(record)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    if (typeof child === 'string') {
      const wellFormed = child.replace(LONE_SURROGATES, '\ufffd');
      if (wellFormed !== child) record[key] = wellFormed;
    }
    const found = inspectInput(record[key], path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function send(reply: FastifyReply, problem: ProblemDetails) {
  return reply.status(problem.status).type('application/problem+json').send(problem);
}

/** A failure that is not the caller's: logged whole, answered with nothing but its trace id. */
function sendServerError(error: Error, request: FastifyRequest, reply: FastifyReply) {
  request.log.error({ err: error }, 'request failed');
  return send(reply, {
    type: PROBLEM_TYPES.server,
    title: SERVER_ERROR_TITLE,
    status: 500,
    traceId: String(request.id),
  });
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot decode (bad percent-encoding) leaves as
 * problem details too, not in Fastify's own format (the error handler is not reached for it).
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const traceId = String(request.id);
  const status = error.statusCode ?? 500;
  if (status >= 500) return sendServerError(error, request, reply);
  const errors = { path: ['The address could not be read.'] };
  return send(reply, { type: PROBLEM_TYPES.validation, title: VALIDATION_TITLE, status, errors, traceId });
}

/** The one error handler: every failure leaves as RFC 9457 problem details with a traceId. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // PostgreSQL text cannot hold NUL, and no request nests 32 levels deep: both are the caller's
  // mistake, refused before any handler runs (a deep body once overflowed the stack in a hash).
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = inspectInput(value, '');
      if (found === TOO_DEEP) {
        const message = 'The request is nested too deeply';
        throw new AppError(400, PROBLEM_TYPES.validation, VALIDATION_TITLE, message, { [part]: [message] });
      }
      if (found !== undefined) {
        const message = 'Text may not contain NUL characters';
        throw new AppError(400, PROBLEM_TYPES.validation, VALIDATION_TITLE, message, { [found || part]: [message] });
      }
    }
  });

  /**
   * busboy's errors for a multipart body it cannot read carry no status of their own; a body cut
   * off before its closing boundary ends with "Unexpected end of multipart data" (issue 43, L1).
   */
  const isUnreadableMultipart = (error: Error) =>
    !('statusCode' in error && error.statusCode) &&
    /^(Multipart: |Unexpected end of (form|multipart data)|Part terminated early|Malformed part header)/.test(
      error.message,
    );

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
        // One message once per field, though several checks refused it (an id past both checks).
        const messages = (errors[key] ??= []);
        const message = v.message ?? 'Invalid value';
        if (!messages.includes(message)) messages.push(message);
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

    return sendServerError(error, request, reply);
  });
});
