import { PROBLEM_TYPES } from '@ovation/shared/errors';

/** Typed errors thrown by use cases; the one error handler renders them as problem details. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    message?: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message ?? title);
  }
}

export const unauthorized = (message = 'You need to sign in to do that.') =>
  new AppError(401, PROBLEM_TYPES.unauthorized, 'Unauthorized', message);

export const forbidden = (message = 'You do not have access to this.') =>
  new AppError(403, PROBLEM_TYPES.forbidden, 'Forbidden', message);

export const notFound = (message = 'Not found.') => new AppError(404, PROBLEM_TYPES.notFound, 'Not Found', message);

export const conflict = (message: string) => new AppError(409, PROBLEM_TYPES.conflict, 'Conflict', message);

export const tooManyRequests = (message = 'Too many attempts. Please wait a while (up to an hour) and try again.') =>
  new AppError(429, PROBLEM_TYPES.rateLimited, 'Too Many Requests', message);

/** A refusal of a business rule: 4xx with a human `message` (spec §8 shows it as is). */
export const businessRule = (message: string, status = 422) =>
  new AppError(status, PROBLEM_TYPES.business, 'Request refused', message);

/** Field-level validation failure discovered by a use case (e.g. e-mail already taken). */
export const fieldError = (field: string, message: string) =>
  new AppError(400, PROBLEM_TYPES.validation, 'One or more validation errors occurred.', message, {
    [field]: [message],
  });

/** An answer stored earlier for the same Idempotency-Key, found inside the work: sent again as is. */
export class StoredAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super('replayed answer');
  }
}
