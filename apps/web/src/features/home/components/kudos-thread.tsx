import { useCallback, useRef, useState } from 'react';
import { Button, Loader, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { KUDOS_MIN_LOAD_INTERVAL_MS, KUDOS_SCROLL_TRIGGER_PX } from '@ovation/shared/constants';
import type { KudosItem } from '@ovation/shared/schemas/feed';
import { ERROR_KUDOS, KUDOS_QUERY_KEY, useKudos, type KudosData } from '../api/kudos.ts';
import { applyLiveCounts, updateKudosItem } from '../api/reactions.ts';
import { useLiveFeed } from '../live/use-live-feed.ts';
import { KudosItemView } from './kudos-item.tsx';
import classes from './kudos.module.css';

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

/** The Kudos Thread: infinite scroll in its own scroll box, kept live by server events. */
export function KudosThread() {
  const client = useQueryClient();
  const kudos = useKudos();
  const scroller = useRef<HTMLDivElement>(null);
  const lastLoadAt = useRef(0);
  const [newKudos, setNewKudos] = useState(false);

  const showNewest = useCallback(() => {
    setNewKudos(false);
    scroller.current?.scrollTo({ top: 0 });
    // Only page 1 is fetched again, with a new anchor for the pages after it.
    void client.resetQueries({ queryKey: KUDOS_QUERY_KEY });
  }, [client]);

  useLiveFeed({
    onKudos: () => ((scroller.current?.scrollTop ?? 0) > 0 ? setNewKudos(true) : showNewest()),
    onReaction: (data) => {
      const live = data as Partial<KudosItem> | null;
      if (!live || typeof live.messageLogId !== 'number') return;
      client.setQueryData<KudosData>(KUDOS_QUERY_KEY, (d) =>
        updateKudosItem(d, live.messageLogId!, (item) => applyLiveCounts(item, live)),
      );
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

  if (kudos.isPending) {
    return (
      <Stack gap="sm" p="xs" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </Stack>
    );
  }
  if (kudos.isError && !kudos.data) {
    return (
      <p className={classes.status} role="alert">
        {ERROR_KUDOS}
      </p>
    );
  }
  const items = kudos.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <p className={classes.status}>{NO_KUDOS}</p>;

  return (
    <div ref={scroller} className={classes.scroller} onScroll={onScroll} data-testid="kudos-scroller">
      {newKudos && (
        <div className={classes.pill}>
          <Button size="compact-sm" radius="xl" onClick={showNewest} mt={4}>
            New kudos — show
          </Button>
        </div>
      )}
      <ul className={classes.list} aria-label="Kudos Thread">
        {items.map((item) => (
          <KudosItemView key={item.messageLogId} item={item} />
        ))}
      </ul>
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
