import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { downloadFile, fileNameFrom } from './download.ts';

afterEach(() => sessionStorage.clear());

describe('downloadFile', () => {
  it('fetches with the bearer token in a header (never the URL) and saves the Blob', async () => {
    sessionStorage.setItem('authToken', 'secret-token');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('date,amount\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="statement-points.csv"' },
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    await downloadFile('/api/statements/points/csv?from=2031-01-01', 'fallback.csv');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/statements/points/csv?from=2031-01-01');
    expect(String(url)).not.toContain('secret-token');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
    expect(clicked[0]?.download).toBe('statement-points.csv');
    expect(clicked[0]?.href).toBe('blob:csv');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('rejects with the server message when the download is refused', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ title: 'Forbidden', status: 403, message: 'Not Available in your Country' }), {
        status: 403,
        headers: { 'content-type': 'application/problem+json' },
      }),
    );
    const error = await downloadFile('/api/statements/points/csv', 'x.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).message).toBe('Not Available in your Country');
  });

  it('reads the file name from Content-Disposition', () => {
    expect(fileNameFrom('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(fileNameFrom("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv")).toBe('résumé.csv');
    expect(fileNameFrom(null)).toBeNull();
  });
});
