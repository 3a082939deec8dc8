import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import {
  EARLY_REQUEST_TTL_MS,
  api,
  clearAuthToken,
  clearEarlyRequests,
  setAuthToken,
  setUnauthorizedHandler,
  startEarlyRequest,
} from './api-client.ts';
import { ApiError } from './api-error.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('early requests (decision 0046)', () => {
  const fetchMock = stubFetch({ authToken: 'tok-a' });
  afterEach(() => {
    clearEarlyRequests();
    setUnauthorizedHandler(null);
    vi.useRealTimers();
  });

  it('a later identical request takes the early answer instead of fetching again', async () => {
    fetchMock.mockResolvedValueOnce(json({ banners: [1] }));
    startEarlyRequest('GET', '/api/site/banners');
    await expect(api.get('/api/site/banners', { silent: true })).resolves.toEqual({ banners: [1] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-a', Accept: 'application/json' });
  });

  it('a POST is matched on its body and carries the XSRF echo', async () => {
    fetchMock.mockResolvedValueOnce(json({ page: 1 }));
    startEarlyRequest('POST', '/api/shoutouts/ShoutOutList', { page: 1 });
    expect(fetchMock.mock.calls.length).toBe(0); // the XSRF token is read first
    fetchMock.mockResolvedValueOnce(json({ page: 2 }));
    await expect(api.post('/api/shoutouts/ShoutOutList', { page: 2 }, { silent: true })).resolves.toEqual({ page: 2 });
    await expect(api.post('/api/shoutouts/ShoutOutList', { page: 1 }, { silent: true })).resolves.toEqual({ page: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', body: '{"page":1}' });
    expect(init?.headers).toMatchObject({ 'X-XSRF-TOKEN': 't', 'Content-Type': 'application/json' });
  });

  it('reads the body at once, so an answer nobody takes does not hold its connection', async () => {
    const answer = json({ unread: true });
    fetchMock.mockResolvedValueOnce(answer);
    startEarlyRequest('GET', '/api/site/banners');
    await vi.waitFor(() => expect(answer.bodyUsed).toBe(true));
    await expect(api.get('/api/site/banners', { silent: true })).resolves.toEqual({ unread: true });
  });

  it('is taken once: the next identical request fetches', async () => {
    fetchMock.mockResolvedValueOnce(json({ n: 1 })).mockResolvedValueOnce(json({ n: 2 }));
    startEarlyRequest('GET', '/api/notifications');
    await api.get('/api/notifications', { silent: true });
    await expect(api.get('/api/notifications', { silent: true })).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not started without a stored token', () => {
    sessionStorage.clear();
    startEarlyRequest('GET', '/api/site/banners');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not used by a request made with another token, nor once stale', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ fresh: true })));
    startEarlyRequest('GET', '/api/a');
    setAuthToken('tok-b');
    await api.get('/api/a', { silent: true });
    expect(fetchMock.mock.calls.at(-1)?.[1]?.headers).toMatchObject({ Authorization: 'Bearer tok-b' });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    vi.useFakeTimers({ toFake: ['Date'] });
    startEarlyRequest('GET', '/api/b');
    vi.setSystemTime(Date.now() + EARLY_REQUEST_TTL_MS + 1);
    await api.get('/api/b', { silent: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a 401 answer is handled by the request that takes it: login cleared, the handler called', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValueOnce(json({ title: 'Unauthorized', status: 401 }, 401));
    startEarlyRequest('POST', '/api/spa/loadsession', {});
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(api.post('/api/spa/loadsession', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('authToken')).toBeNull();
  });

  it('signing out drops early answers not yet taken', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({})));
    startEarlyRequest('GET', '/api/a');
    clearAuthToken();
    setAuthToken('tok-a');
    await api.get('/api/a', { silent: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("the taker's cancellation still applies while it waits", async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (answer = r)));
    startEarlyRequest('GET', '/api/slow');
    const controller = new AbortController();
    const pending = api.get('/api/slow', { silent: true, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    answer(json({}));
  });
});
