import { useEffect, useRef, useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { useLocation } from 'react-router';

/** Time for the new page's chunk and its <title> to arrive before it is read out. */
const ANNOUNCE_AFTER_MS = 700;

/**
 * Says which page opened after a move inside the app (a link, a menu, a redirect): a single-page
 * app does not load a document, so a screen reader would otherwise say nothing. The first page
 * is not announced; the browser reads it as it loads.
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
    return () => clearTimeout(timer);
  }, [pathname]);
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-route-announcer>
      {text}
    </VisuallyHidden>
  );
}
