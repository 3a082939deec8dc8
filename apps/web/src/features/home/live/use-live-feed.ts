import { LIVE_RECONNECTED, useLiveEvents } from '../../../api/live-events.ts';

export interface LiveHandlers {
  /** A new Kudos item was posted somewhere in the firm. */
  onKudos(): void;
  /** Reaction counts of an item changed (data: the item's new counts and names). */
  onReaction(data: unknown): void;
  /** The stream is back after a cut: new kudos and reactions sent meanwhile were missed. */
  onReconnected(): void;
}

/**
 * Server-sent events for the Kudos Thread (issue 3, beyond the spec), on the tab's one live
 * stream (api/live-events.ts). The latest handlers are used without reconnecting.
 */
export function useLiveFeed(handlers: LiveHandlers, enabled = true) {
  useLiveEvents(
    {
      kudos: () => handlers.onKudos(),
      reaction: (data) => handlers.onReaction(data),
      [LIVE_RECONNECTED]: () => handlers.onReconnected(),
    },
    enabled,
  );
}
