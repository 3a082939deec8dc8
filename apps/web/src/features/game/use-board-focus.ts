import { useCallback, useEffect, useRef } from 'react';

/** A cap by its number (the failed flip's), or 'first': the first playable cap (after Play again). */
export type BoardFocusTarget = number | 'first';

/**
 * Where the keyboard focus goes when the element holding it leaves or is disabled: Play again
 * removes its own button, a failed flip re-enables the caps. Once the board has settled (no flip
 * in flight, no prize on show and, after a failed flip, the board's reload over, since that
 * decides which caps are playable) the focus goes to the target cap, else the first playable
 * one, else — no cap is playable — to the notice that says why (no plays, pool refilling), else
 * to the board's heading: never to the page. A target is used once.
 */
export function useBoardFocus({ busy, reloading }: { busy: boolean; reloading: boolean }) {
  const boardRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const next = useRef<BoardFocusTarget | null>(null);

  useEffect(() => {
    const target = next.current;
    if (target === null || busy || (target !== 'first' && reloading)) return;
    next.current = null;
    const caps = [...(boardRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const cap = caps.find((b) => b.getAttribute('aria-label') === `Cap ${target}`) ?? caps[0];
    (cap ?? noticeRef.current ?? headingRef.current)?.focus();
  });

  const focusNext = useCallback((target: BoardFocusTarget | null) => {
    next.current = target;
  }, []);
  return { boardRef, noticeRef, headingRef, focusNext };
}
