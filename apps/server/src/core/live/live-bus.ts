import { randomUUID } from 'node:crypto';
import type { InstanceNotice } from './instance-notices.ts';

/**
 * What open browsers are told (server-sent events; beyond the spec): `type` and `data`. A
 * reaction also names the member who reacted, for the instances' caches only — browsers get
 * `data` alone (live-streams.ts).
 */
export type LiveEvent =
  | { type: 'kudos'; data: { messageLogId: number } }
  | {
      type: 'reaction';
      data: { messageLogId: number; likeCount: number; cheerCount: number; supportCount: number };
      memberId?: number;
    }
  /**
   * A member's notifications changed: only that member's streams hear it (decision 0026).
   * `bellOnly` when nothing but the bell changed (a reaction, notices marked read), so browsers
   * need not read balances again (decision 0101).
   */
  | { type: 'notification'; data: { bellOnly?: true }; forMemberId: number }
  /** Many members' notifications changed (a points upload's credits): only theirs hear it. */
  | { type: 'notification'; data: Record<string, never>; forMemberIds: number[] };

/** Carries events to other app instances (PostgreSQL LISTEN/NOTIFY); none on PGlite. */
export interface LiveRelay {
  send(message: string): void;
  close(): Promise<void>;
}

type Listener = (event: LiveEvent) => void;
type NoticeListener = (notice: InstanceNotice) => void;

/**
 * The in-process event bus. Local listeners hear an event at once; the relay carries it to
 * the other instances, which ignore their own messages (tagged with this bus's origin).
 */
export class LiveBus {
  readonly origin = randomUUID();
  private readonly listeners = new Set<Listener>();
  private readonly noticeListeners = new Set<NoticeListener>();
  private relay: LiveRelay | null = null;

  setRelay(relay: LiveRelay | null) {
    this.relay = relay;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears what other instances tell this one (and session changes committed here). */
  subscribeNotices(listener: NoticeListener): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /**
   * The relay was cut off from the other instances for a while (its listener reconnected): tells
   * this instance's notice listeners, as a `missed` notice, to drop whatever notices keep current.
   */
  noticesMissed() {
    for (const listener of this.noticeListeners) listener({ type: 'missed' });
  }

  /** Tells the other instances (nothing on PGlite, where there are none). */
  sendNotice(notice: InstanceNotice) {
    this.relay?.send(JSON.stringify({ origin: this.origin, notice }));
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Call after the transaction that created the kudos row has committed. */
  publishKudosCreated(messageLogId: number) {
    this.publish({ type: 'kudos', data: { messageLogId } });
  }

  publishReaction(data: Extract<LiveEvent, { type: 'reaction' }>['data'], memberId: number) {
    this.publish({ type: 'reaction', data, memberId });
  }

  publish(event: LiveEvent) {
    this.deliver(event);
    this.relay?.send(JSON.stringify({ origin: this.origin, event }));
  }

  /** A message from the relay: delivered unless it is this instance's own. */
  receive(message: string) {
    let parsed: { origin?: unknown; event?: LiveEvent; notice?: InstanceNotice };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.origin === this.origin) return;
    if (parsed.notice && typeof parsed.notice.type === 'string') {
      for (const listener of this.noticeListeners) listener(parsed.notice);
      return;
    }
    if (!parsed.event || typeof parsed.event.type !== 'string') return;
    this.deliver(parsed.event);
  }

  private deliver(event: LiveEvent) {
    for (const listener of this.listeners) listener(event);
  }
}
