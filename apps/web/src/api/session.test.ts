import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { getAuthToken } from '../lib/api-client.ts';
import { loadSession } from './session.ts';

const problem = (status: number) =>
  new Response(JSON.stringify({ title: 'Server error', status, detail: 'Something failed' }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

describe('loadSession when it fails', () => {
  const fetchMock = stubFetch({ authToken: 'tok-a' });

  it('keeps the token when no answer came (the member moved to another page while it loaded)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(loadSession()).rejects.toThrow();
    expect(getAuthToken()).toBe('tok-a');
  });

  it('keeps the token when the server fails to load the session: only a 401 signs out (spec §4)', async () => {
    fetchMock.mockResolvedValueOnce(problem(500));
    await expect(loadSession()).rejects.toThrow();
    expect(getAuthToken()).toBe('tok-a');
  });
});
