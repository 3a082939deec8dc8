import { useEffect, useRef } from 'react';
import type { MoveBy } from './components/news-item-row.tsx';

/**
 * Keeps the focus on a moved news item (WCAG 2.4.3, decision 0098). The list is drawn again in
 * its new order when the move is saved, and the moved row's button loses the focus on the way.
 * Once the move has settled, the focus goes back to the same move button of the moved item in
 * its new place, or to its other move button when that one now sits at the list's edge.
 */
export function useMoveFocus(items: readonly { newsId: number }[], pending: boolean) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const moved = useRef<{ newsId: number; by: MoveBy } | null>(null);

  useEffect(() => {
    const target = moved.current;
    if (!target || pending) return;
    moved.current = null;
    const same = buttons.current.get(`${target.newsId}:${target.by}`);
    const other = buttons.current.get(`${target.newsId}:${-target.by}`);
    const active = document.activeElement;
    // The member went on elsewhere meanwhile: the focus stays where they put it.
    if (active && active !== document.body && active !== same && active !== other) return;
    (same && !same.disabled ? same : other)?.focus();
  }, [items, pending]);

  const moveButton = (newsId: number, by: MoveBy) => (button: HTMLButtonElement | null) => {
    if (button) buttons.current.set(`${newsId}:${by}`, button);
    else buttons.current.delete(`${newsId}:${by}`);
  };
  /** Called as a move starts: the item whose button gets the focus once it has settled. */
  const moving = (newsId: number, by: MoveBy) => {
    moved.current = { newsId, by };
  };
  return { moving, moveButton };
}
