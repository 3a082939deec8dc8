import type { ServerResponse } from 'node:http';
import type { LiveBus, LiveEvent } from './live-bus.ts';

export const HEARTBEAT_MS = 25_000;
/** Streams end after this long; the browser asks for a fresh ticket (a revoked session stops seeing events). */
const MAX_STREAM_MS = 30 * 60_000;
const MAX_PER_MEMBER = 5;
const MAX_STREAMS = 10_000;
/** A client that stops reading is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1 << 20;

interface OpenStream {
  memberId: number;
  unsubscribe: () => void;
  expiry: NodeJS.Timeout;
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
  add(res: ServerResponse, memberId: number) {
    const unsubscribe = this.bus.subscribe((event) => {
      if ('forMemberId' in event && event.forMemberId !== memberId) return;
      this.write(res, formatEvent(event));
    });
    const expiry = setTimeout(() => res.end(), MAX_STREAM_MS);
    expiry.unref();
    this.open.set(res, { memberId, unsubscribe, expiry });
    res.on('close', () => this.remove(res));
    this.write(res, 'retry: 5000\n: connected\n\n');
    this.heartbeat ??= setInterval(() => {
      for (const stream of this.open.keys()) this.write(stream, ': heartbeat\n\n');
    }, this.heartbeatMs);
    this.heartbeat.unref();
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
