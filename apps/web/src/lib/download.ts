import { ApiError, getAuthToken } from './api-client.ts';
import { loading } from './loading.ts';

/** The file name a Content-Disposition header suggests, if any. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1].trim());
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

async function problemOf(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Downloads a protected file (e.g. a CSV export). The bearer token goes in a header, never in
 * a URL (it would end up in history and logs), so the file is fetched and handed to the
 * browser as a Blob. Failures reject with an ApiError for the caller to show.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  loading.increment();
  try {
    const token = getAuthToken();
    let res: Response;
    try {
      res = await fetch(path, {
        headers: { Accept: 'text/csv, application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError('A network connection error has occured.', 0);
    }
    if (!res.ok) {
      const data = await problemOf(res);
      const message =
        typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
          ? data.message
          : `The download failed (${res.status}).`;
      throw new ApiError(message, res.status, res.statusText, data);
    }
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameFrom(res.headers.get('content-disposition')) ?? fallbackName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    // Revoke later: some browsers start reading the blob only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } finally {
    loading.decrement();
  }
}
