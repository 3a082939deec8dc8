import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setAuthToken, getAuthToken, setUnauthorizedHandler } from './api-client.ts';
import { ApiError, NETWORK_ERROR, describeError, describeFailure } from './api-error.ts';
import { loading } from './loading.ts';
import { closeAllMessages } from './message-box.tsx';

const fail = (status: number, data: unknown, statusText = '', hadToken = true) =>
  describeFailure({ status, statusText, data, hadToken });

describe('describeFailure (spec §8 global handling)', () => {
  it('401 with a token clears login', () => {
    expect(fail(401, { title: 'Unauthorized', status: 401 })).toEqual({ kind: 'unauthorized' });
  });

  it('401 without a token (failed sign-in) goes to the caller', () => {
    expect(fail(401, { message: 'Invalid e-mail or password' }, '', false)).toEqual({ kind: 'reject' });
  });

  it('400 with a message goes to the caller', () => {
    expect(fail(400, { title: 'Bad Request', status: 400, message: 'Link expired', traceId: 't' })).toEqual({
      kind: 'reject',
    });
  });

  it('400 with title, status and errors goes to the caller', () => {
    const data = { title: 'One or more validation errors occurred.', status: 400, errors: { email: ['Required'] } };
    expect(fail(400, data)).toEqual({ kind: 'reject' });
  });

  it('400 with title and status but no errors shows the invalid-request text', () => {
    expect(fail(400, { title: 'Bad thing', status: 400, traceId: 'req-1' })).toEqual({
      kind: 'show',
      title: 'An error has occured',
      body: 'Error: A request to the server is invalid. Please refresh the page or login again:\nBad thing\nTraceId: req-1',
    });
  });

  it('other errors with a message show it titled with status text and code', () => {
    expect(
      fail(422, { title: 'Unprocessable', status: 422, message: 'Not enough points' }, 'Unprocessable Entity'),
    ).toEqual({
      kind: 'show',
      title: 'Unprocessable Entity (422)',
      body: 'An unexpected error has occurred:\nNot enough points',
    });
  });

  it('falls back to the standard reason phrase without status text (HTTP/2)', () => {
    expect(fail(403, { message: 'No access' })).toMatchObject({ title: 'Forbidden (403)' });
  });

  it('other errors with title and traceId show both', () => {
    expect(fail(500, { title: 'An unexpected error occurred.', status: 500, traceId: 'abc' })).toEqual({
      kind: 'show',
      title: '(500) An error has occured',
      body: 'An unexpected error occurred.\nTraceId: abc',
    });
  });

  it('other errors otherwise show the raw data', () => {
    expect(fail(502, 'Bad gateway from proxy')).toMatchObject({ kind: 'show', body: 'Bad gateway from proxy' });
    expect(fail(500, { weird: true })).toMatchObject({ kind: 'show', body: '{"weird":true}' });
  });
});

describe('describeError (spec §8 message box rules)', () => {
  const apiError = (status: number, data: unknown) => new ApiError('x', status, '', data);

  it('shows the message; title prefixed by the status unless 400', () => {
    expect(describeError(apiError(409, { title: 'Conflict', message: 'Sold out' }))).toEqual({
      title: '(409) Conflict',
      body: 'Sold out',
    });
    expect(describeError(apiError(400, { message: 'Link expired' }))).toEqual({
      title: 'An error has occured',
      body: 'Link expired',
    });
  });

  it('joins the errors map under the title', () => {
    const data = { title: 'Validation failed', status: 400, errors: { a: ['One', 'Two'], b: ['Three'] } };
    expect(describeError(apiError(400, data))).toEqual({ title: 'Validation failed', body: 'One\nTwo\nThree' });
  });

  it('a 400 with a title and status but no errors reads as an invalid request in a form too', () => {
    expect(describeError(apiError(400, { title: 'Bad thing', status: 400, traceId: 'T-123' }))).toEqual({
      title: 'An error has occured',
      body: 'Error: A request to the server is invalid. Please refresh the page or login again:\nBad thing\nTraceId: T-123',
    });
  });

  it('uses a lone title as the body', () => {
    expect(describeError(apiError(404, { title: 'Not Found' }))).toEqual({
      title: '(404) An error has occured',
      body: 'Not Found',
    });
  });

  it('falls back to the error message, or JSON for other values', () => {
    expect(describeError(new Error('boom'))).toEqual({ title: 'An error has occured', body: 'boom' });
    expect(describeError({ a: 1 })).toEqual({ title: 'An error has occured', body: '{"a":1}' });
  });

  it('describes a network failure', () => {
    expect(describeError(new ApiError('x', 0))).toEqual(NETWORK_ERROR);
  });
});

describe('api client', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'XSRF-TOKEN=tok123; Path=/';
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    setUnauthorizedHandler(null);
    closeAllMessages();
  });

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } });

  it('sends JSON with the bearer token and the XSRF header', async () => {
    setAuthToken('secret');
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer secret');
    expect(headers['X-XSRF-TOKEN']).toBe('tok123');
    expect(init.body).toBe('{"a":1}');
    expect(loading.count()).toBe(0);
  });

  it('401 clears the token and calls the unauthorized handler', async () => {
    setAuthToken('old');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(json(401, { title: 'Unauthorized', status: 401, message: 'Sign in' }));
    await expect(api.get('/api/y')).rejects.toMatchObject({ status: 401 });
    expect(getAuthToken()).toBeNull();
    expect(handler).toHaveBeenCalledOnce();
  });

  it('a network failure rejects with status 0 and resets the counter', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/z', { silent: true })).rejects.toMatchObject({
      status: 0,
      message: 'A network connection error has occured.',
    });
    expect(loading.count()).toBe(0);
  });

  it('passes 400 field errors to the caller with the problem body', async () => {
    const problem = { title: 'Invalid', status: 400, errors: { email: ['Required'] }, traceId: 't' };
    fetchMock.mockResolvedValue(json(400, problem));
    const err = (await api.post('/api/f', {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.problem?.errors).toEqual({ email: ['Required'] });
  });
});
