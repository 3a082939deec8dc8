import { useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { TICKER_PX_PER_SECOND } from '@ovation/shared/constants';
import { PauseIcon, PlayIcon } from '../../../components/social/icons.tsx';
import { useNews } from '../../../api/news.ts';
import classes from './news-ticker.module.css';

/** The scroll takes as long as the content is wide at 50 px/s (spec §4, §9). */
export function tickerDurationSeconds(contentWidthPx: number, pxPerSecond = TICKER_PX_PER_SECOND): number {
  return Math.max(5, contentWidthPx / pxPerSecond);
}

/**
 * News ticker (spec §4): hidden while loading, when empty and when the load failed. The list
 * is doubled so the CSS loop joins seamlessly; the second copy is hidden from readers.
 */
export function NewsTicker() {
  const { data: items, isPending } = useNews();
  const reducedMotion = useReducedMotion() ?? false;
  const [paused, setPaused] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const [duration, setDuration] = useState<number | null>(null);

  useLayoutEffect(() => {
    const width = listRef.current?.scrollWidth ?? 0;
    setDuration(width > 0 ? tickerDurationSeconds(width) : null);
  }, [items]);

  // Hidden while loading, but its line is kept so Home does not jump down when the news arrive.
  if (isPending) {
    return (
      <div className={`${classes.ticker} ${classes.reserved}`} aria-hidden="true" data-testid="news-ticker-reserved">
        <span className={classes.label}>News</span>
        <span className={classes.reservedToggle} />
      </div>
    );
  }
  if (!items || items.length === 0) return null;
  const animate = !reducedMotion && duration !== null;
  const list = (copy: boolean) => (
    <ul className={classes.list} ref={copy ? undefined : listRef} aria-hidden={copy || undefined}>
      {items.map((text, i) => (
        <li key={i} className={classes.item}>
          {text}
        </li>
      ))}
    </ul>
  );

  return (
    <section className={classes.ticker} aria-label="News" data-testid="news-ticker">
      <span className={classes.label}>News</span>
      <div
        className={reducedMotion ? classes.staticViewport : classes.viewport}
        tabIndex={reducedMotion ? 0 : undefined}
        aria-label={reducedMotion ? 'News items, scroll sideways' : undefined}
        role={reducedMotion ? 'group' : undefined}
      >
        <div
          className={classes.track}
          data-animate={animate || undefined}
          data-paused={paused || undefined}
          style={duration ? { animationDuration: `${duration}s` } : undefined}
        >
          {list(false)}
          {animate && list(true)}
        </div>
      </div>
      {!reducedMotion && (
        <ActionIcon
          variant="subtle"
          color="gray.0"
          size="sm"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play news ticker' : 'Pause news ticker'}
          aria-pressed={paused}
          className={classes.toggle}
        >
          {paused ? <PlayIcon size={14} /> : <PauseIcon size={14} />}
        </ActionIcon>
      )}
    </section>
  );
}
