import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/live/ticket → a short-lived ticket for the event stream: EventSource cannot send
 * the bearer header, and a long-lived token must never sit in a URL (architecture §7).
 */
export async function getLiveTicket(): Promise<string> {
  const res = await api.post<{ ticket: string }>('/api/live/ticket', {}, { silent: true });
  if (!res?.ticket) throw new Error('No live ticket');
  return res.ticket;
}

export const liveStreamUrl = (ticket: string) => `/api/live/stream?ticket=${encodeURIComponent(ticket)}`;

/** Reconnect delays: 1 s doubling to 30 s, with jitter so many tabs do not stampede. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.75 + random() * 0.5));
}
