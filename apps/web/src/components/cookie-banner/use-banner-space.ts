import { useEffect, type RefObject } from 'react';

/** The CSS variable the page frame and html's scroll padding read while the banner shows. */
export const BANNER_SPACE_VAR = '--cookie-banner-space';
/** Room between the banner's top and what the focus sits on. */
const CLEARANCE = 8;

/**
 * While the cookie banner floats over the bottom of the screen, the page keeps room for it (the
 * frame's bottom padding and html's scroll-padding-bottom read BANNER_SPACE_VAR), and a focused
 * element the banner would cover is scrolled above it (WCAG 2.2 2.4.11 Focus Not Obscured).
 */
export function useBannerSpace(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement;
    const reserve = () => {
      const { height } = banner.getBoundingClientRect();
      const bottom = window.innerHeight - banner.getBoundingClientRect().bottom;
      root.style.setProperty(BANNER_SPACE_VAR, `${Math.ceil(height + Math.max(bottom, 0) + CLEARANCE)}px`);
    };
    const uncover = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || banner.contains(target) || target.closest('[role="dialog"]')) return;
      const covered = target.getBoundingClientRect().bottom - banner.getBoundingClientRect().top;
      if (covered > 0) window.scrollBy({ top: covered + CLEARANCE });
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(banner);
    window.addEventListener('resize', reserve);
    document.addEventListener('focusin', uncover);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', reserve);
      document.removeEventListener('focusin', uncover);
      root.style.removeProperty(BANNER_SPACE_VAR);
    };
  }, [ref]);
}
