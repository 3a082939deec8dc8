import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, getAuthToken, setAuthToken, setUnauthorizedHandler } from './api-client.ts';
import { ApiError, NETWORK_ERROR } from './api-error.ts';
import { closeAllMessages } from './message-box.tsx';

/**
 * A stand-in XMLHttpRequest: records what the client set, and lets each test decide the answer.
 * (jsdom's own sends nowhere useful; the browser's is exercised by the admin upload journey.)
 */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: (xhr: FakeXhr) => void = () => undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  responseType = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  responseHeaders = '';
  sent: unknown = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    FakeXhr.last = this;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.sent = body;
    queueMicrotask(() => FakeXhr.answer(this));
  }
  abort() {
    this.onabort?.();
  }
  reply(status: number, data: unknown, statusText = '') {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(data);
    this.responseHeaders = 'Content-Type: application/json; charset=utf-8\r\nX-Request-Id: r-1\r\n';
    this.onload?.();
  }
}

const form = () => {
  const f = new FormData();
  f.append('kind', 'points');
  f.append('file', new Blob(['a,b\n'], { type: 'text/csv' }), 'points.csv');
  return f;
};

describe('api.upload with progress (one client for every request)', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('fetch', vi.fn());
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    setAuthToken('tok-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
    sessionStorage.clear();
    closeAllMessages();
    FakeXhr.last = null;
  });

  it('sends the form with the bearer and XSRF headers, reports progress and answers the body', async () => {
    FakeXhr.answer = (xhr) => xhr.reply(201, { uploadId: 7, status: 'checking' });
    const progress: number[] = [];
    const answer = await api.upload('/api/admin/uploads', form(), {
      silent: true,
      onProgress: (f) => progress.push(f),
    });
    expect(answer).toEqual({ uploadId: 7, status: 'checking' });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/admin/uploads');
    expect(xhr.headers).toMatchObject({
      Authorization: 'Bearer tok-1',
      'X-XSRF-TOKEN': 'xsrf-1',
      Accept: 'application/json',
    });
    expect(xhr.headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
    expect(xhr.sent).toBeInstanceOf(FormData);
    expect(progress).toEqual([0.5, 1]);
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('a refusal rejects with the problem, as fetch answers do', async () => {
    const problem = {
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: { file: ['Choose a .csv or .xlsx file.'] },
    };
    FakeXhr.answer = (xhr) => xhr.reply(400, problem, 'Bad Request');
    const failure = await api
      .upload('/api/admin/uploads', form(), { silent: true, onProgress: () => undefined })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, problem });
  });

  it('a 401 with a token clears the login and calls the §8 handler', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    FakeXhr.answer = (xhr) => xhr.reply(401, { title: 'Unauthorized', status: 401 });
    await expect(api.upload('/api/admin/uploads', form(), { onProgress: () => undefined })).rejects.toMatchObject({
      status: 401,
    });
    expect(handler).toHaveBeenCalledOnce();
    expect(getAuthToken()).toBeNull();
  });

  it('no answer is the network error', async () => {
    FakeXhr.answer = (xhr) => xhr.onerror?.();
    const failure = await api
      .upload('/api/admin/uploads', form(), { silent: true, onProgress: () => undefined })
      .catch((e) => e);
    expect(failure).toMatchObject({ status: 0, message: NETWORK_ERROR.body });
  });

  it('cancelling aborts the request and rejects with the signal reason', async () => {
    FakeXhr.answer = () => undefined; // never answers by itself
    const controller = new AbortController();
    const pending = api.upload('/api/admin/uploads', form(), {
      silent: true,
      signal: controller.signal,
      onProgress: () => undefined,
    });
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    controller.abort(new DOMException('left the page', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('without onProgress an upload goes by fetch', async () => {
    vi.mocked(fetch).mockResolvedValue(
      new Response('{"uploadId":1}', { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    await expect(api.upload('/api/admin/uploads', form())).resolves.toEqual({ uploadId: 1 });
    expect(FakeXhr.last).toBeNull();
  });
});
