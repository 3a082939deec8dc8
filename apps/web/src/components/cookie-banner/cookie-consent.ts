import { useSyncExternalStore } from 'react';
import { forgetHomeCache } from '../../api/home-cache.ts';
import {
  DEFAULT_COOKIE_POLICY,
  acceptCookiePolicy,
  loadCookiePolicy,
  saveCookiePolicy,
  type CookiePolicy,
} from '../../lib/cookie-policy.ts';
import { focusedElement, returnFocus } from '../../lib/return-focus.ts';
import { MAIN_CONTENT_ID } from '../skip-link.tsx';

/** Consent state shared by the banner, its preferences panel and the footer's Manage Privacy. */
interface ConsentState {
  policy: CookiePolicy;
  preferencesOpen: boolean;
}

let state: ConsentState | null = null;
/** Cookie Preferences or Manage Privacy, whichever opened the panel. */
let opener: Element | null = null;
const listeners = new Set<() => void>();

function current(): ConsentState {
  // Read (and, when missing or malformed, write the defaults) on first use, not on import.
  state ??= { policy: loadCookiePolicy(), preferencesOpen: false };
  return state;
}
function set(next: Partial<ConsentState>) {
  const { preferencesOpen: wasOpen, policy: was } = current();
  state = { ...current(), ...next };
  listeners.forEach((l) => l());
  // The panel is mounted only while open, so it cannot give the focus back itself. Accepting
  // removes the banner, and with it I ACCEPT or the Cookie Preferences link that opened the
  // panel: the focus goes to the page's main content, not to the top of the document.
  const bannerGone = !was.mandatory && state.policy.mandatory;
  const panelClosed = wasOpen && !state.preferencesOpen;
  if (panelClosed || bannerGone) returnFocus(panelClosed ? opener : null, mainContent);
}
const mainContent = () => document.getElementById(MAIN_CONTENT_ID);
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const cookieConsent = {
  /** I ACCEPT / ACCEPT: mandatory on, functional as chosen; closes the panel. */
  accept(functional = current().policy.functional) {
    const policy = acceptCookiePolicy({ ...current().policy, functional });
    saveCookiePolicy(policy);
    if (!policy.functional) forgetHomeCache();
    set({ policy, preferencesOpen: false });
  },
  /** Reset: back to the defaults (so the banner shows again); closes the panel. */
  reset() {
    const policy = { ...DEFAULT_COOKIE_POLICY };
    saveCookiePolicy(policy);
    set({ policy, preferencesOpen: false });
  },
  openPreferences() {
    opener = focusedElement();
    set({ preferencesOpen: true });
  },
  closePreferences: () => set({ preferencesOpen: false }),
  /** Tests start from the cookie again. */
  forget() {
    state = null;
    opener = null;
  },
};

export function useCookieConsent(): ConsentState {
  return useSyncExternalStore(subscribe, current);
}
