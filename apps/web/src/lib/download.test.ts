import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { downloadFile, fileNameFrom } from './download.ts';
import { loading } from './loading.ts';
import { showMessage } from './message-box.tsx';

vi.mock('./message-box.tsx', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  showMessage: vi.fn(() => Promise.resolve(true)),
}));

afterEach(() => {
  sessionStorage.clear();
  setUnauthorizedHandler(null);
  vi.mocked(showMessage).mockClear();
  vi.restoreAllMocks();
});

const problem = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } });

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
    expect(loading.count()).toBe(0);
  });

  it('a 401 clears the login and hands over to the unauthorized handler (spec §8), with no message box', async () => {
    sessionStorage.setItem('authToken', 'expired-token');
    const goToHello = vi.fn();
    setUnauthorizedHandler(goToHello);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(problem(401, { title: 'Unauthorized', status: 401 }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');

    const error = await downloadFile('/api/statements/points/csv', 'x.csv').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(goToHello).toHaveBeenCalledOnce();
    expect(showMessage).not.toHaveBeenCalled();
    expect(click).not.toHaveBeenCalled();
    expect(loading.count()).toBe(0);
  });

  it('shows the spec §8 message box and rejects when the download is refused', async () => {
    sessionStorage.setItem('authToken', 'secret-token');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      problem(403, { title: 'Forbidden', status: 403, message: 'Not Available in your Country' }),
    );
    const error = await downloadFile('/api/statements/points/csv', 'x.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(showMessage).toHaveBeenCalledWith({
      title: 'Forbidden (403)',
      msg: 'An unexpected error has occurred:\nNot Available in your Country',
    });
  });

  it('reads the file name from Content-Disposition', () => {
    expect(fileNameFrom('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(fileNameFrom("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv")).toBe('résumé.csv');
    expect(fileNameFrom(null)).toBeNull();
  });
});
