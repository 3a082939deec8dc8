import { afterEach, beforeEach, vi, type Mock } from 'vitest';

/**
 * Replaces `fetch` for every test of the calling describe block (the app's real client runs
 * against it), with an XSRF cookie in place and, when given, a stored bearer token. After each
 * test the stub, its answers and session storage are cleared.
 */
export function stubFetch({ authToken }: { authToken?: string } = {}): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'XSRF-TOKEN=t; Path=/';
    if (authToken) sessionStorage.setItem('authToken', authToken);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    sessionStorage.clear();
  });
  return fetchMock;
}
