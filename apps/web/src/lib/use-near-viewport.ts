import { useEffect, useRef, useState } from 'react';

/** Phones stack a page's columns (Home's feed, the dashboard's charts are screens below the top). */
export const PHONE_QUERY = '(max-width: 48em)';
/** How far below the viewport a deferred part starts rendering: more than a fast flick. */
export const NEAR_MARGIN = '600px 0px';

/**
 * Whether a below-the-fold part should render yet (decision 0046). On a phone it waits until
 * the part comes within `rootMargin` of the viewport, gets focus, or the member presses a key
 * anywhere (a keyboard user then finds it rendered when they reach it in page order); elsewhere,
 * and without IntersectionObserver, it renders at once. Once rendered it stays.
 */
export function useNearViewport<T extends HTMLElement>({ query = PHONE_QUERY, rootMargin = NEAR_MARGIN } = {}) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(
    () => typeof IntersectionObserver === 'undefined' || !window.matchMedia(query).matches,
  );

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const show = () => setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin,
    });
    observer.observe(el);
    el.addEventListener('focusin', show);
    window.addEventListener('keydown', show);
    return () => {
      observer.disconnect();
      el.removeEventListener('focusin', show);
      window.removeEventListener('keydown', show);
    };
  }, [near, rootMargin]);

  return [ref, near] as const;
}
