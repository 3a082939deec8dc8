import { useEffect, useRef } from 'react';
import { getLiveTicket, liveStreamUrl } from './live.ts';

type Listener = (data: unknown) => void;

/**
 * Heard (with no data) when the stream opens again after it was cut: events sent meanwhile were
 * missed, so what live events keep current should be read again. Not a server event.
 */
export const LIVE_RECONNECTED = 'live:reconnected';

/** Reconnect delays: 1 s doubling to 30 s, with jitter so many tabs do not stampede. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.75 + random() * 0.5));
}

const parse = (text: unknown): unknown => {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * The tab's one live event stream (decision 0009): a single-use ticket, then EventSource, shared
 * by everything that listens (the bell's `notification`, the Kudos Thread's `kudos` and
 * `reaction`). It opens with the first listener and closes with the last; on an error it is
 * closed and reopened with a new ticket after a growing delay (the browser's own reconnect would
 * reuse the spent ticket and be refused).
 */
class LiveStream {
  private readonly listeners = new Map<string, Set<Listener>>();
  private source: EventSource | null = null;
  private attached = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private generation = 0;
  /** The stream opened at least once since the first listener came: a later open is a reconnect. */
  private openedBefore = false;

  subscribe(type: string, listener: Listener): () => void {
    if (typeof EventSource === 'undefined') return () => undefined;
    const wasIdle = this.size() === 0;
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
    if (wasIdle) void this.connect(this.generation);
    else this.attach(type);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(type);
      if (this.size() === 0) this.stop();
    };
  }

  private size() {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private emit(type: string, data: unknown) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(data);
  }

  private attach(type: string) {
    if (!this.source || this.attached.has(type) || type === LIVE_RECONNECTED) return;
    this.attached.add(type);
    this.source.addEventListener(type, (event) => this.emit(type, parse((event as MessageEvent<unknown>).data)));
  }

  private async connect(generation: number) {
    let ticket: string;
    try {
      ticket = await getLiveTicket();
    } catch (error) {
      console.warn('Live updates unavailable; retrying', error);
      return this.retry(generation);
    }
    if (generation !== this.generation) return; // stopped (or restarted) meanwhile
    const source = new EventSource(liveStreamUrl(ticket));
    this.source = source;
    this.attached = new Set();
    source.onopen = () => {
      this.attempt = 0;
      if (this.openedBefore) this.emit(LIVE_RECONNECTED, null);
      this.openedBefore = true;
    };
    source.onerror = () => this.retry(generation);
    for (const type of this.listeners.keys()) this.attach(type);
  }

  private retry(generation: number) {
    if (generation !== this.generation) return;
    this.source?.close();
    this.source = null;
    this.timer = setTimeout(() => void this.connect(generation), backoffMs(this.attempt++));
  }

  private stop() {
    this.generation += 1;
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
    this.attempt = 0;
    this.openedBefore = false;
  }
}

const stream = new LiveStream();

/** Listens to one event type of the tab's live stream (the data parsed as JSON, else null). */
export function subscribeLive(type: string, listener: Listener): () => void {
  return stream.subscribe(type, listener);
}

/** `subscribeLive` for a component: the latest handlers are used without resubscribing. */
export function useLiveEvents(handlers: Record<string, Listener>, enabled = true) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const types = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    if (!enabled) return;
    const stops = types.split(',').map((type) => subscribeLive(type, (data) => latest.current[type]?.(data)));
    return () => stops.forEach((stop) => stop());
  }, [enabled, types]);
}
