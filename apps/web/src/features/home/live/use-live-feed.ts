import { useLiveEvents } from '../../../api/live-events.ts';

export interface LiveHandlers {
  /** A new Kudos item was posted somewhere in the firm. */
  onKudos(): void;
  /** Reaction counts of an item changed (data: the item's new counts and names). */
  onReaction(data: unknown): void;
}

/**
 * Server-sent events for the Kudos Thread (issue 3, beyond the spec), on the tab's one live
 * stream (api/live-events.ts). The latest handlers are used without reconnecting.
 */
export function useLiveFeed(handlers: LiveHandlers, enabled = true) {
  useLiveEvents({ kudos: () => handlers.onKudos(), reaction: (data) => handlers.onReaction(data) }, enabled);
}
