/**
 * fetch cannot report how much of a request body has gone (issue 40): a request that must show
 * upload progress is sent with XMLHttpRequest instead, and answered as a fetch Response, so the
 * API client reads it, refuses it and handles a 401 exactly as it does every other answer.
 * Fails as fetch fails: a TypeError when no answer arrives, the signal's reason when cancelled.
 */

/** Fraction of the body sent, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

export interface ProgressRequest {
  method: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  signal?: AbortSignal;
}

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

export function sendWithProgress(path: string, init: ProgressRequest, onProgress: UploadProgress): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, path);
    xhr.responseType = 'text'; // uploads answer JSON; files come back through api.getFile
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onload = () => {
      settle();
      onProgress(1);
      const body = NULL_BODY.has(xhr.status) ? null : (xhr.responseText as string);
      resolve(
        new Response(body, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: responseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.send(init.body);
  });
}
