import type { ProblemDetails } from '@ovation/shared/errors';
import { DEFAULT_MESSAGE_TITLE } from './message-box.tsx';

/**
 * What a failed request is and what the member is told about it (spec §8): the error the API
 * client throws, and the pure rules that turn a response or an error into a message box.
 */

/** A failed request. status is 0 when no response arrived (network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly problem: ProblemDetails | null;
  readonly data: unknown;
  constructor(message: string, status: number, statusText = '', data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.data = data;
    this.problem = isProblem(data) ? data : null;
  }
}

export function isProblem(data: unknown): data is ProblemDetails {
  return typeof data === 'object' && data !== null && typeof (data as { title?: unknown }).title === 'string';
}

// ---- Spec §8, as pure functions (unit-tested in api-client.test.ts) ----

export interface UserMessage {
  title: string;
  body: string;
}
export const NETWORK_ERROR: UserMessage = {
  title: 'Data Request Error',
  body: 'A network connection error has occured.',
};
export const UNEXPECTED_ERROR: UserMessage = { title: 'Data Unexpected Error', body: 'Data Unexpected Error' };
export const INVALID_REQUEST_TEXT =
  'Error: A request to the server is invalid. Please refresh the page or login again:';
export const UNEXPECTED_TEXT = 'An unexpected error has occurred:';

export interface FailedResponse {
  status: number;
  statusText: string;
  data: unknown;
  /** Whether the request carried a bearer token: a 401 without one is a failed sign-in. */
  hadToken: boolean;
}
export type FailureHandling = { kind: 'unauthorized' } | { kind: 'reject' } | ({ kind: 'show' } & UserMessage);

type Body = { message?: unknown; title?: unknown; status?: unknown; errors?: unknown; traceId?: unknown };
const asBody = (data: unknown): Body => (typeof data === 'object' && data !== null ? (data as Body) : {});
const hasText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const prefixed = (status: number, title: string) => (status && status !== 400 ? `(${status}) ${title}` : title);
const invalidRequestText = (b: Body) =>
  `${INVALID_REQUEST_TEXT}\n${String(b.title)}\nTraceId: ${String(b.traceId ?? '')}`;
const rawText = (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data ?? null));

/** Global response handling of spec §8: what the client does with a non-2xx answer. */
export function describeFailure({ status, statusText, data, hadToken }: FailedResponse): FailureHandling {
  const b = asBody(data);
  if (status === 401 && hadToken) return { kind: 'unauthorized' };
  if (status === 401) return { kind: 'reject' }; // e.g. wrong password: the form says so
  if (status === 400) {
    if (hasText(b.message)) return { kind: 'reject' };
    if (hasText(b.title) && b.status !== undefined && b.errors) return { kind: 'reject' };
    if (hasText(b.title) && b.status !== undefined) {
      return { kind: 'show', title: DEFAULT_MESSAGE_TITLE, body: invalidRequestText(b) };
    }
  }
  if (hasText(b.message)) {
    const title = `${statusText || reasonPhrase(status)} (${status})`;
    return { kind: 'show', title, body: `${UNEXPECTED_TEXT}\n${b.message}` };
  }
  if (hasText(b.title) && b.traceId !== undefined) {
    return {
      kind: 'show',
      title: prefixed(status, DEFAULT_MESSAGE_TITLE),
      body: `${b.title}\nTraceId: ${String(b.traceId)}`,
    };
  }
  return { kind: 'show', title: prefixed(status, DEFAULT_MESSAGE_TITLE), body: rawText(data) };
}

/** Message box rules of spec §8: what a screen shows for an error the client passed on. */
export function describeError(error: unknown): UserMessage {
  if (error instanceof ApiError && error.status === 0) return NETWORK_ERROR;
  const status = error instanceof ApiError ? error.status : 0;
  const b = asBody(error instanceof ApiError ? error.data : null);
  if (hasText(b.message)) {
    return { title: prefixed(status, hasText(b.title) ? b.title : DEFAULT_MESSAGE_TITLE), body: b.message };
  }
  if (hasText(b.title) && b.errors && typeof b.errors === 'object') {
    const lines = Object.values(b.errors as Record<string, unknown>).flatMap((v) => (Array.isArray(v) ? v : [v]));
    return { title: b.title, body: lines.map(String).join('\n') };
  }
  // Spec §8: a 400 with a title and status but no errors reads as an invalid request, with its
  // title and TraceId — in a form's own alert too (forms ask silently, so no message box says it).
  if (status === 400 && hasText(b.title) && b.status !== undefined) {
    return { title: DEFAULT_MESSAGE_TITLE, body: invalidRequestText(b) };
  }
  if (hasText(b.title)) return { title: prefixed(status, DEFAULT_MESSAGE_TITLE), body: b.title };
  if (error instanceof Error) return { title: prefixed(status, DEFAULT_MESSAGE_TITLE), body: error.message };
  return { title: DEFAULT_MESSAGE_TITLE, body: rawText(error) };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
/** HTTP/2 responses carry no status text; fall back to the standard phrase. */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

/**
 * Whether a failed request made without `silent` was passed on to the caller untold (a 400
 * with field errors or a message, or a failure outside HTTP): spec §8 leaves those to the
 * screen. Everything else the client has already shown, or it has signed the member out.
 */
export function isLeftToCaller(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0) return false;
  const failure = describeFailure({
    status: error.status,
    statusText: error.statusText,
    data: error.data,
    hadToken: true,
  });
  return failure.kind === 'reject';
}
