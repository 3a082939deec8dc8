import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as LiveEvents from './live-events.ts';

const tickets = vi.hoisted(() => ({ next: 0, fail: 0 }));
vi.mock('./live.ts', () => ({
  getLiveTicket: vi.fn(async () => {
    if (tickets.fail > 0) {
      tickets.fail -= 1;
      throw new Error('offline');
    }
    tickets.next += 1;
    return `t${tickets.next}`;
  }),
  liveStreamUrl: (ticket: string) => `/api/live/stream?ticket=${ticket}`,
}));

/** A stand-in EventSource that records what the stream code does with it. */
class FakeSource {
  static all: FakeSource[] = [];
  readonly listeners = new Map<string, ((e: { data: string }) => void)[]>();
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data });
  }
}

const open = () => FakeSource.all.filter((s) => !s.closed);
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the tab’s one live stream', () => {
  let subscribeLive: typeof LiveEvents.subscribeLive;
  let LIVE_RECONNECTED: string;

  beforeEach(async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeSource);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    FakeSource.all = [];
    tickets.next = 0;
    tickets.fail = 0;
    vi.resetModules();
    ({ subscribeLive, LIVE_RECONNECTED } = await import('./live-events.ts'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens one stream for every listener and hands each its own events, parsed', async () => {
    const bell = vi.fn();
    const kudos = vi.fn();
    const stopBell = subscribeLive('notification', bell);
    const stopKudos = subscribeLive('kudos', kudos);
    await flush();
    expect(open()).toHaveLength(1);
    expect(open()[0]!.url).toBe('/api/live/stream?ticket=t1');

    open()[0]!.emit('notification', '');
    open()[0]!.emit('kudos', '{"messageLogId":7}');
    expect(bell).toHaveBeenCalledWith(null);
    expect(kudos).toHaveBeenCalledWith({ messageLogId: 7 });

    stopBell();
    expect(open()).toHaveLength(1); // the thread still listens
    stopKudos();
    expect(open()).toHaveLength(0);
  });

  it('reconnects with a new ticket after an error, and after a failed ticket, with growing delays', async () => {
    const kudos = vi.fn();
    const stop = subscribeLive('kudos', kudos);
    await flush();
    const first = open()[0]!;
    tickets.fail = 1;
    first.onerror?.();
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1_600); // first retry (≤ 1.25 s): the ticket fails
    expect(open()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_600); // second retry (≤ 2.5 s): a new ticket
    expect(open()).toHaveLength(1);
    expect(open()[0]!.url).toBe('/api/live/stream?ticket=t2');
    open()[0]!.emit('kudos', '{}');
    expect(kudos).toHaveBeenCalledTimes(1);
    stop();
    expect(open()).toHaveLength(0);
  });

  it('says when the stream is back after a cut, not when it first opens', async () => {
    const reconnected = vi.fn();
    const stopKudos = subscribeLive('kudos', vi.fn());
    const stop = subscribeLive(LIVE_RECONNECTED, reconnected);
    await flush();
    open()[0]!.onopen?.();
    expect(reconnected).not.toHaveBeenCalled();
    // Never asked of the server as an event of its own.
    expect(open()[0]!.listeners.has(LIVE_RECONNECTED)).toBe(false);
    open()[0]!.onerror?.();
    await vi.advanceTimersByTimeAsync(1_300);
    open()[0]!.onopen?.();
    expect(reconnected).toHaveBeenCalledTimes(1);
    stop();
    stopKudos();
  });

  it('does not open a stream when the last listener left while the ticket was on its way', async () => {
    const stop = subscribeLive('reaction', vi.fn());
    stop();
    await flush();
    expect(FakeSource.all).toHaveLength(0);
  });
});
