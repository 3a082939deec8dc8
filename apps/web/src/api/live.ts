import { api } from '../lib/api-client.ts';

/**
 * POST /api/live/ticket → a short-lived ticket for the event stream: EventSource cannot send
 * the bearer header, and a long-lived token must never sit in a URL (architecture §7).
 */
export async function getLiveTicket(): Promise<string> {
  const res = await api.post<{ ticket: string }>('/api/live/ticket', {}, { silent: true });
  if (!res?.ticket) throw new Error('No live ticket');
  return res.ticket;
}

/** GET /api/live/stream?ticket=…: the server-sent events of the Kudos Thread. */
export const liveStreamUrl = (ticket: string) => `/api/live/stream?ticket=${encodeURIComponent(ticket)}`;
