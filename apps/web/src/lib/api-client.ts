import { loading } from './loading.ts';
import { showMessage } from './message-box.tsx';
import { readCookie } from './cookie-policy.ts';
import { forgetRouteHints } from './route-hints.ts';
import { ApiError, describeFailure, isProblem, NETWORK_ERROR, UNEXPECTED_ERROR } from './api-error.ts';
import { sendWithProgress, type UploadProgress } from './upload-transport.ts';

/** Session storage key of the bearer token (spec §4). */
export const AUTH_TOKEN_KEY = 'authToken';
const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function getAuthToken(): string | null {
  return sessionStorage.getItem(AUTH_TOKEN_KEY);
}
export function setAuthToken(token: string): void {
  sessionStorage.setItem(AUTH_TOKEN_KEY, token);
}
/** The Authorization header for a token no longer in storage (a sign-out sent after the clear). */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

export function clearAuthToken(): void {
  sessionStorage.removeItem(AUTH_TOKEN_KEY);
  forgetRouteHints();
  clearEarlyRequests();
}

let onUnauthorized: (() => void) | null = null;
/** The session provider registers how to "clear login and go to /hello" (spec §8). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  /** Do not show the global message box; the caller reports the failure. */
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The request outlives the page (fetch's keepalive): a save sent as the member leaves. */
  keepalive?: boolean;
}

export interface UploadOptions extends RequestOptions {
  /** Told the fraction of the file sent so far (0 to 1) while it goes. */
  onProgress?: UploadProgress;
}

let xsrfPending: Promise<unknown> | null = null;
/** State-changing calls echo the XSRF-TOKEN cookie; ask for one if the browser has none yet. */
export async function xsrfToken(): Promise<string | null> {
  let token = readCookie(document.cookie, XSRF_COOKIE);
  if (!token) {
    xsrfPending ??= fetch('/api/auth/xsrf', { credentials: 'same-origin' })
      .catch(() => null)
      .finally(() => (xsrfPending = null));
    await xsrfPending;
    token = readCookie(document.cookie, XSRF_COOKIE);
  }
  return token;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

function report(options: RequestOptions, message: { title: string; body: string }) {
  if (!options.silent) void showMessage({ title: message.title, msg: message.body });
}

/** A file the server sent (e.g. a CSV export) with the name its Content-Disposition suggests. */
export interface FileResponse {
  blob: Blob;
  contentDisposition: string | null;
}

const readFile = async (res: Response): Promise<FileResponse> => ({
  blob: await res.blob(),
  contentDisposition: res.headers.get('content-disposition'),
});

/** The headers every request carries: the bearer token, and the XSRF echo on state changes. */
async function requestHeaders(
  method: string,
  hasJsonBody: boolean,
  token: string | null,
  accept: string,
  extra?: Record<string, string>,
) {
  const headers: Record<string, string> = { Accept: accept, ...extra };
  if (hasJsonBody) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') {
    const xsrf = await xsrfToken();
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  return headers;
}

// ---- Early requests (issue 14, decision 0046) ----
// At start-up, with a token already stored, the page's first reads go out in parallel with the
// session load instead of after the page's code has loaded and rendered. A later request for
// the same method, path, body and token takes the response instead of fetching again: every
// failure (a 401 included) is then handled by that request exactly as if it had fetched.

/** An early response not taken within this time is dropped; the page asks again. */
export const EARLY_REQUEST_TTL_MS = 30_000;

interface EarlyRequest {
  token: string;
  startedAt: number;
  response: Promise<Response>;
}
const earlyRequests = new Map<string, EarlyRequest>();
const earlyKey = (method: string, path: string, payload: string | undefined) => `${method} ${path} ${payload ?? ''}`;

/**
 * The body read at once: a body nobody reads keeps its request open (and one of the browser's
 * six connections busy) until the page goes away.
 */
async function readAhead(res: Response): Promise<Response> {
  const init = { status: res.status, statusText: res.statusText, headers: res.headers };
  return new Response([101, 204, 205, 304].includes(res.status) ? null : await res.blob(), init);
}

/** Starts a read whose answer a later identical request takes. Only with a stored token. */
export function startEarlyRequest(method: 'GET' | 'POST', path: string, body?: unknown): void {
  const token = getAuthToken();
  if (!token) return;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const key = earlyKey(method, path, payload);
  if (earlyRequests.has(key)) return;
  const response = requestHeaders(method, payload !== undefined, token, 'application/json')
    .then((headers) => fetch(path, { method, headers, credentials: 'same-origin', body: payload }))
    .then(readAhead);
  response.catch(() => undefined); // taken or not, its failure is reported by the request that takes it
  earlyRequests.set(key, { token, startedAt: Date.now(), response });
}

/** The early response for this request, once; none if it is stale or was made with another token. */
function takeEarlyRequest(method: string, path: string, payload: string | undefined, token: string | null) {
  const key = earlyKey(method, path, payload);
  const early = earlyRequests.get(key);
  if (!early) return undefined;
  earlyRequests.delete(key);
  if (early.token !== token || Date.now() - early.startedAt > EARLY_REQUEST_TTL_MS) return undefined;
  return early.response;
}

/** Drops every early response not yet taken (tests; signing out). */
export function clearEarlyRequests(): void {
  earlyRequests.clear();
}

/** The caller's cancellation still applies while it waits for an early response. */
function abortable(response: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return response;
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    response.then(resolve, reject);
  });
}

/** One request on the wire: fetch, or XMLHttpRequest when the caller follows upload progress. */
async function send(path: string, init: RequestInit & { headers: Record<string, string> }, options: UploadOptions) {
  if (options.onProgress && init.body instanceof FormData) {
    return sendWithProgress(
      path,
      { method: init.method ?? 'POST', headers: init.headers, body: init.body, signal: options.signal },
      options.onProgress,
    );
  }
  return fetch(path, init);
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: UploadOptions = {},
  readOk: (res: Response) => Promise<unknown> = readBody,
  accept = 'application/json',
): Promise<T> {
  loading.increment();
  try {
    const token = getAuthToken();
    const isForm = body instanceof FormData;
    const payload = body === undefined ? undefined : isForm ? body : JSON.stringify(body);
    const early = typeof payload === 'object' ? undefined : takeEarlyRequest(method, path, payload, token);

    let res: Response;
    try {
      res = await (early
        ? abortable(early, options.signal)
        : send(
            path,
            {
              method,
              headers: await requestHeaders(method, typeof payload === 'string', token, accept, options.headers),
              credentials: 'same-origin',
              signal: options.signal,
              keepalive: options.keepalive,
              body: payload,
            },
            options,
          ));
    } catch (err) {
      if (options.signal?.aborted) throw err; // the caller cancelled: nothing to tell the user
      report(options, NETWORK_ERROR);
      throw new ApiError(NETWORK_ERROR.body, 0);
    }

    let data: unknown;
    try {
      data = await (res.ok ? readOk : readBody)(res);
    } catch (err) {
      // Cancelled while the body was arriving (a query whose screen was left): nothing to tell.
      if (options.signal?.aborted) throw err;
      report(options, UNEXPECTED_ERROR);
      throw new ApiError(UNEXPECTED_ERROR.body, res.status, res.statusText);
    }
    if (res.ok) return data as T;

    const failure = describeFailure({ status: res.status, statusText: res.statusText, data, hadToken: !!token });
    const error = new ApiError(
      failure.kind === 'show' ? failure.body : messageOf(data, res),
      res.status,
      res.statusText,
      data,
    );
    if (failure.kind === 'unauthorized') {
      clearAuthToken();
      onUnauthorized?.();
    } else if (failure.kind === 'show') {
      report(options, failure);
    }
    throw error;
  } finally {
    loading.decrement();
  }
}

function messageOf(data: unknown, res: Response): string {
  if (isProblem(data)) return data.message ?? data.detail ?? data.title;
  return `${res.status} ${res.statusText}`.trim();
}

/** The one HTTP client of the web app (docs/web-contract.md, spec §7–§8). */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown = {}, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body: unknown = {}, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  /** POST a multipart form; with onProgress the page can show how much of the file has gone. */
  upload: <T>(path: string, form: FormData, options?: UploadOptions) => request<T>('POST', path, form, options),
  /** GET a file (a CSV export) as a Blob; failures are handled like every other request. */
  getFile: (path: string, options?: RequestOptions) =>
    request<FileResponse>('GET', path, undefined, options, readFile, 'text/csv, application/json'),
};
