import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { useReducedMotion } from '@mantine/hooks';

interface CarouselOptions {
  count: number;
  intervalMs: number;
  /** Manual next/previous are ignored this long after any change (spec §4). */
  blockMs?: number;
}

/**
 * An auto-advancing, wrapping carousel (spec §4, §9) that stops for the pause control,
 * while hovered or focused (WCAG 2.2.2), and altogether under prefers-reduced-motion.
 */
export function useCarousel({ count, intervalMs, blockMs = 0 }: CarouselOptions) {
  const reducedMotion = useReducedMotion() ?? false;
  const [rawIndex, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const lastChange = useRef(Number.NEGATIVE_INFINITY);

  const move = useCallback(
    (to: (i: number) => number, manual: boolean) => {
      if (count === 0) return false;
      const now = Date.now();
      if (manual && now - lastChange.current < blockMs) return false;
      lastChange.current = now;
      setIndex((i) => ((to(i) % count) + count) % count);
      return true;
    },
    [count, blockMs],
  );

  const running = count > 1 && !userPaused && !hovered && !focused && !reducedMotion;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => move((i) => i + 1, false), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs, move]);

  return {
    index: count > 0 ? rawIndex % count : 0,
    next: () => move((i) => i + 1, true),
    prev: () => move((i) => i - 1, true),
    goTo: (target: number) => move(() => target, true),
    running,
    userPaused,
    reducedMotion,
    togglePause: () => setUserPaused((p) => !p),
    /** Spread on the carousel's region: hover and keyboard focus pause it. */
    bind: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (e: FocusEvent<HTMLElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
