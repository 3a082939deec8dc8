import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Button, Loader, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { KUDOS_MIN_LOAD_INTERVAL_MS, KUDOS_SCROLL_TRIGGER_PX } from '@ovation/shared/constants';
import type { KudosItem } from '@ovation/shared/schemas/feed';
import { applyLiveReaction, refreshKudosThread, useKudos } from '../../../api/kudos.ts';
import { useLiveFeed } from '../live/use-live-feed.ts';
import { KudosItemView } from './kudos-item.tsx';
import classes from './kudos.module.css';

const ERROR_KUDOS = 'Error retrieving Shoutout data';

export const LOADING_MORE = 'Loading more kudos...';
export const NO_MORE = 'No more kudos to show';
export const NO_KUDOS = 'No Kudos to Show';

/** Spec §4: near the bottom, more available, nothing loading and the last load ≥ 100 ms ago. */
export function shouldLoadMore(
  el: { scrollHeight: number; scrollTop: number; clientHeight: number },
  state: { hasNextPage: boolean; isFetching: boolean; lastLoadAt: number; now: number },
): boolean {
  const fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight;
  return (
    fromBottom <= KUDOS_SCROLL_TRIGGER_PX &&
    state.hasNextPage &&
    !state.isFetching &&
    state.now - state.lastLoadAt >= KUDOS_MIN_LOAD_INTERVAL_MS
  );
}

/** Items rendered with the first paint; the rest follow in a render React can interrupt. */
const FIRST_ITEMS = 4;

/**
 * The list of a loaded thread. The first few items render at once and the rest in the
 * background (`useDeferredValue`), so twenty items with their reaction buttons do not hold the
 * main thread in one long task while Home is loading (issue 14).
 */
function KudosList({ items }: { items: KudosItem[] }) {
  const [first] = useState(() => items.slice(0, FIRST_ITEMS));
  const shown = useDeferredValue(items, first);
  return (
    <ul className={classes.list} aria-label="Kudos Thread">
      {shown.map((item) => (
        <KudosItemView key={item.messageLogId} item={item} />
      ))}
    </ul>
  );
}

/**
 * The thread's place while its first page loads, or (`animate` off: nothing is loading, and a
 * pulse that runs until the reader scrolls down would repaint every frame) while a phone's feed
 * waits to near the screen.
 */
export function KudosThreadSkeleton({ animate = true }: { animate?: boolean }) {
  return (
    <Stack gap="sm" p="xs" aria-busy="true" className={classes.loading}>
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <Skeleton key={i} height={96} radius="md" animate={animate} />
      ))}
    </Stack>
  );
}

/** The Kudos Thread: infinite scroll in its own scroll box, kept live by server events. */
export function KudosThread() {
  const client = useQueryClient();
  const kudos = useKudos();
  const scroller = useRef<HTMLDivElement>(null);
  const pill = useRef<HTMLDivElement>(null);
  const lastLoadAt = useRef(0);
  const [newKudos, setNewKudos] = useState(false);

  const showNewest = useCallback(() => {
    setNewKudos(false);
    const el = scroller.current;
    // The pill goes with a click on it: the focus moves to the thread, at its top, not to the page.
    if (pill.current?.contains(document.activeElement)) el?.focus({ preventScroll: true });
    el?.scrollTo({ top: 0 });
    void refreshKudosThread(client);
  }, [client]);

  useLiveFeed({
    onKudos: () => ((scroller.current?.scrollTop ?? 0) > 0 ? setNewKudos(true) : showNewest()),
    onReaction: (data) => {
      const live = data as Partial<KudosItem> | null;
      if (!live || typeof live.messageLogId !== 'number') return;
      applyLiveReaction(client, { ...live, messageLogId: live.messageLogId });
    },
    // What was missed while the stream was cut: read again quietly when the top is in view (no
    // pill: there may be nothing new); further down, the member is reading and is left be.
    onReconnected: () => {
      if ((scroller.current?.scrollTop ?? 0) === 0) void refreshKudosThread(client);
    },
  });

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const now = Date.now();
    const state = { hasNextPage: kudos.hasNextPage, isFetching: kudos.isFetching, lastLoadAt: lastLoadAt.current, now };
    if (!shouldLoadMore(el, state)) return;
    lastLoadAt.current = now;
    void kudos.fetchNextPage();
  };

  // One array per loaded page set, so the deferred list below sees a new value only on change.
  const items = useMemo(() => kudos.data?.pages.flatMap((p) => p.items) ?? [], [kudos.data]);

  if (kudos.isPending) return <KudosThreadSkeleton />;
  if (kudos.isError && !kudos.data) {
    return (
      <p className={classes.status} role="alert">
        {ERROR_KUDOS}
      </p>
    );
  }
  if (items.length === 0) return <p className={classes.status}>{NO_KUDOS}</p>;

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      onScroll={onScroll}
      data-testid="kudos-scroller"
      tabIndex={-1}
      aria-label="Kudos Thread"
      role="region"
    >
      {/* Always there, so a screen reader hears the pill arrive. */}
      <div ref={pill} className={classes.pill} aria-live="polite">
        {newKudos && (
          <Button size="compact-sm" radius="xl" onClick={showNewest} mt={4}>
            New kudos — show
          </Button>
        )}
      </div>
      <KudosList items={items} />
      <div className={classes.status} aria-live="polite">
        {kudos.isFetchingNextPage ? (
          <span>
            <Loader size="xs" mr={8} />
            {LOADING_MORE}
          </span>
        ) : kudos.isFetchNextPageError ? (
          <span role="alert">{ERROR_KUDOS}</span>
        ) : !kudos.hasNextPage ? (
          NO_MORE
        ) : null}
      </div>
    </div>
  );
}
