import { MAIN_CONTENT_ID } from '../skip-link.tsx';

/**
 * After a page is chosen from a header menu, the focus goes to the main content (the new page,
 * which the route announcer names) instead of staying on the closed menu's button. `<main>` stays
 * mounted across pages, so it can take the focus as soon as the menu has closed.
 */
export function focusMainContent(): void {
  setTimeout(() => document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true }), 0);
}
