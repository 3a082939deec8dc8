import type { ServerResponse } from 'node:http';
import type { SessionsChange } from './instance-notices.ts';
import type { LiveBus, LiveEvent } from './live-bus.ts';
import type { LiveTicketHolder } from './live-tickets.ts';

export const HEARTBEAT_MS = 25_000;
/** Streams end after this long; the browser asks for a fresh ticket (a revoked session stops seeing events). */
const MAX_STREAM_MS = 30 * 60_000;
const MAX_PER_MEMBER = 5;
const MAX_STREAMS = 10_000;
/** A client that stops reading is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1 << 20;

interface OpenStream {
  memberId: number;
  sessionId: number;
  unsubscribe: () => void;
  expiry: NodeJS.Timeout;
}

/** An event's named members as a set, made once per event however many streams check it. */
const namedMembers = new WeakMap<LiveEvent, Set<number>>();
function names(event: LiveEvent & { forMemberIds: number[] }, memberId: number): boolean {
  let set = namedMembers.get(event);
  if (!set) namedMembers.set(event, (set = new Set(event.forMemberIds)));
  return set.has(memberId);
}

export const formatEvent = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/** The open server-sent event streams of this instance: fan-out, heartbeat and shutdown. */
export class LiveStreams {
  private readonly open = new Map<ServerResponse, OpenStream>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly bus: LiveBus,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  get size(): number {
    return this.open.size;
  }

  canOpen(memberId: number): boolean {
    if (this.open.size >= MAX_STREAMS) return false;
    let mine = 0;
    for (const stream of this.open.values()) if (stream.memberId === memberId) mine += 1;
    return mine < MAX_PER_MEMBER;
  }

  /** Takes over a response whose event-stream headers are already written. */
  add(res: ServerResponse, { memberId, sessionId }: LiveTicketHolder) {
    const unsubscribe = this.bus.subscribe((event) => {
      if ('forMemberId' in event && event.forMemberId !== memberId) return;
      if ('forMemberIds' in event && !names(event, memberId)) return;
      this.write(res, formatEvent(event));
    });
    const expiry = setTimeout(() => res.end(), MAX_STREAM_MS);
    expiry.unref();
    this.open.set(res, { memberId, sessionId, unsubscribe, expiry });
    res.on('close', () => this.remove(res));
    this.write(res, 'retry: 5000\n: connected\n\n');
    this.heartbeat ??= setInterval(() => {
      for (const stream of this.open.keys()) this.write(stream, ': heartbeat\n\n');
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Sessions changed (revoked, or their member changed; on this instance or, through the
   * relay's notice, on another): the streams the change names are checked against the
   * database with one query, and those whose session is no longer live are ended. A stream
   * opened with a revoked session must not keep hearing events until its 30 minutes are up.
   */
  async endRevoked(change: SessionsChange, liveSessionIds: (ids: number[]) => Promise<Set<number>>) {
    const sessionIds = new Set(change.sessionIds ?? []);
    const memberIds = new Set(change.memberIds ?? []);
    const named = new Set(
      [...this.open.values()].filter(
        (s) => change.all === true || sessionIds.has(s.sessionId) || memberIds.has(s.memberId),
      ),
    );
    if (named.size === 0) return 0;
    const live = await liveSessionIds([...new Set([...named].map((s) => s.sessionId))]);
    let ended = 0;
    for (const [res, stream] of [...this.open]) {
      if (!named.has(stream) || live.has(stream.sessionId)) continue;
      this.remove(res);
      res.end();
      ended += 1;
    }
    return ended;
  }

  /** Ends every stream (graceful shutdown: open streams would otherwise hold the server open). */
  closeAll() {
    for (const res of [...this.open.keys()]) {
      this.remove(res);
      res.end();
    }
  }

  private write(res: ServerResponse, chunk: string) {
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      res.destroy();
      return;
    }
    res.write(chunk);
  }

  private remove(res: ServerResponse) {
    const stream = this.open.get(res);
    if (!stream) return;
    stream.unsubscribe();
    clearTimeout(stream.expiry);
    this.open.delete(res);
    if (this.open.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }
}
