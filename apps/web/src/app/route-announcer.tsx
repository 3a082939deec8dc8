import { useEffect, useRef, useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../components/skip-link.tsx';

/** Time for the new page's chunk and its <title> to arrive before it is read out. */
const ANNOUNCE_AFTER_MS = 700;

/**
 * Says which page opened after a move inside the app (a link, a menu, a redirect): a single-page
 * app does not load a document, so a screen reader would otherwise say nothing. The first page
 * is not announced; the browser reads it as it loads. When the move took the focused element
 * away (the link or button that led here is gone: Place order, an item's card), the focus goes
 * to the main content rather than to the top of the document (WCAG 2.4.3).
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [text, setText] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => setText(document.title), ANNOUNCE_AFTER_MS);
    const refocus = setTimeout(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) {
        document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
      }
    }, 0);
    return () => {
      clearTimeout(timer);
      clearTimeout(refocus);
    };
  }, [pathname]);
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-route-announcer>
      {text}
    </VisuallyHidden>
  );
}
