import { useRef, useState } from 'react';

/** What has the focus now: the control that is opening a dialog. */
export const focusedElement = (): Element | null => (typeof document === 'undefined' ? null : document.activeElement);

/**
 * Gives the focus back to what opened a dialog that is mounted only while open (WCAG 2.4.3):
 * Mantine's Modal does it only when it stays mounted and `opened` turns false. It waits for the
 * dialog to go, and does nothing when something else took the focus. When the opener has left
 * the page (or is disabled), the focus goes to `fallback` (if given) without scrolling, so it is
 * not lost.
 */
export function returnFocus(opener: Element | null, fallback?: () => HTMLElement | null): void {
  setTimeout(() => {
    const now = document.activeElement;
    // A control that turned disabled holds no useful focus (Chromium moves it to the page's top).
    const lost = now === null || now === document.body || (now as { disabled?: boolean }).disabled === true;
    if (!lost) return;
    if (opener instanceof HTMLElement && opener.isConnected && !(opener as { disabled?: boolean }).disabled)
      opener.focus();
    else fallback?.()?.focus({ preventScroll: true });
  }, 0);
}

/**
 * The state of a dialog that is mounted only while open (its chunk loads, its form starts afresh):
 * `value` is null while it is closed; `open` remembers what had the focus, `close` gives it back
 * (to `fallback` when the opener left the page meanwhile, e.g. its row left the list).
 */
export function useDialogState<T>(fallback?: () => HTMLElement | null) {
  const [value, setValue] = useState<T | null>(null);
  const opener = useRef<Element | null>(null);
  const open = (next: T) => {
    opener.current = focusedElement();
    setValue(next);
  };
  const close = () => {
    setValue(null);
    returnFocus(opener.current, fallback);
    opener.current = null;
  };
  return { value, open, close };
}
