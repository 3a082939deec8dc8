import { api, type RequestOptions } from './api-client.ts';

/** The file name a Content-Disposition header suggests, if any. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1].trim());
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/**
 * A CSV as Excel on Windows reads it: UTF-8 with a byte-order mark, or "×" and "—" come out
 * garbled. The server's file is passed on as it is when it already starts with one.
 */
export async function withCsvBom(blob: Blob): Promise<Blob> {
  if (!/^text\/csv\b/i.test(blob.type)) return blob;
  const head = new Uint8Array(await blob.slice(0, 3).arrayBuffer());
  if (head.length === 3 && head.every((byte, i) => byte === BOM[i])) return blob;
  return new Blob([BOM, blob], { type: blob.type });
}

/**
 * Downloads a protected file (e.g. a CSV export). The bearer token goes in a header, never in
 * a URL (it would end up in history and logs), so the file is fetched through the one API
 * client and handed to the browser as a Blob. Failures follow spec §8 like every request: a
 * 401 clears the login and goes to /hello, other errors show the message box and reject.
 */
export async function downloadFile(path: string, fallbackName: string, options?: RequestOptions): Promise<void> {
  const { blob, contentDisposition } = await api.getFile(path, options);
  const url = URL.createObjectURL(await withCsvBom(blob));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(contentDisposition) ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
