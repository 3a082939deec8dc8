import { getLiveTicket, liveStreamUrl } from './live.ts';

/** What GET /api/health told the System check: the round trip and the server's clock. */
export interface ServerProbe {
  roundTripMs: number;
  /** From the response's Date header (whole seconds); null when the header was unreadable. */
  serverTime: Date | null;
}

/**
 * GET /api/health, uncached, timed in the browser. A plain fetch rather than the api client:
 * a failure here is a finding to show on the page, not a message box.
 */
export async function probeServer(signal?: AbortSignal): Promise<ServerProbe> {
  const started = performance.now();
  const res = await fetch('/api/health', { cache: 'no-store', credentials: 'same-origin', signal });
  // The whole answer, body included, is the round trip (and an unread body keeps the request open).
  await res.text();
  const roundTripMs = Math.round(performance.now() - started);
  if (!res.ok) throw new Error(`The server answered ${res.status}`);
  const date = res.headers.get('date');
  const serverTime = date ? new Date(date) : null;
  return { roundTripMs, serverTime: serverTime && !Number.isNaN(serverTime.getTime()) ? serverTime : null };
}

/**
 * Opens the live event stream (a ticket, then EventSource) and resolves with the milliseconds
 * it took to open; rejects when it errors or has not opened within `timeoutMs`. Always closes.
 */
export async function probeLiveStream(timeoutMs: number): Promise<number> {
  if (typeof EventSource === 'undefined') throw new Error('This browser cannot receive live updates');
  const started = performance.now();
  const ticket = await getLiveTicket();
  return new Promise<number>((resolve, reject) => {
    const source = new EventSource(liveStreamUrl(ticket));
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      source.close();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error('The live connection did not open in time'))),
      timeoutMs,
    );
    source.onopen = () => finish(() => resolve(Math.round(performance.now() - started)));
    source.onerror = () => finish(() => reject(new Error('The live connection was refused or dropped')));
  });
}
