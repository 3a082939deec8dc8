import { KUDOS_FIRST_PAGE } from '@ovation/shared/constants';
import { BASKET_PATH, cataloguePath } from '../api/catalogue-path.ts';
import { hasUnexpiredHomeCache } from '../api/home-cache.ts';
import { findEntry } from '../config/navigation.ts';
import { PHONE_QUERY } from '../lib/use-near-viewport.ts';
import { SESSION_PATH } from '../api/session.ts';
import { getAuthToken, startEarlyRequest } from '../lib/api-client.ts';
import { mayRedeemRewards } from '../lib/route-hints.ts';
import { PAGE_LOADERS } from './pages.ts';

/** The member header's chunk (the same import as the header's lazy component). */
const loadMemberHeader = () => import('../components/header/member-header.tsx');

/**
 * Home's first reads (spec §7), exactly as its components ask for them: the banners, the news,
 * today's mood, the first Kudos Thread page (not on a phone) and the home data (unless a stored copy is still
 * fresh: spec §4 says a reload within 5 minutes does not ask the server).
 */
export function startHomeRequests(): void {
  startEarlyRequest('GET', '/api/site/banners'); // the largest paint: the first slide
  startEarlyRequest('GET', '/api/newsbulletin/data');
  startEarlyRequest('GET', '/api/mood/data/');
  if (!hasUnexpiredHomeCache()) startEarlyRequest('POST', '/api/site/gethomedata', {});
  // On a phone the thread waits until it nears the screen (feed-tabs.tsx): it asks then.
  if (!window.matchMedia(PHONE_QUERY).matches) {
    startEarlyRequest('POST', '/api/shoutouts/ShoutOutList', { page: KUDOS_FIRST_PAGE });
  }
}

/**
 * Redeem Rewards' first reads: the basket and, for the catalogue as first opened (all of it or one
 * category, no search, sort or page in the address), its first page: the largest paint is the
 * catalogue's cards. An item's page, or a catalogue with choices in its address, asks for itself.
 */
function startRewardsRequests(pathname: string, search: string): void {
  startEarlyRequest('GET', BASKET_PATH);
  const [, , slug, more] = pathname.split('/');
  if (search || more !== undefined || slug === 'item') return;
  let category: string | undefined;
  try {
    category = slug ? decodeURIComponent(slug) : undefined; // as the router hands it to the page
  } catch {
    return;
  }
  startEarlyRequest('GET', cataloguePath({ category }));
}

/** After the first paint: work started before it delays it (the shell's own code and styles). */
const afterFirstPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn, 0));

/**
 * At start-up with a token already stored (decision 0046). The session load starts at once (every
 * page waits for it, and the session provider's query takes this answer). Just after the first
 * paint, for a member page, its chunk, the member header's chunk and, on Home, its first reads
 * follow, instead of waiting for the session and then for the page's code to load and render.
 * Nothing here decides what is shown: the route guard still waits for the session, sends an
 * incomplete profile to its update and a lapsed token to /hello; an early answer nobody takes is
 * dropped, and one that failed is reported by the request that takes it.
 */
export function preloadRoute(
  address: string,
  load: { page: (id: keyof typeof PAGE_LOADERS) => Promise<unknown>; header: () => Promise<unknown> } = {
    page: (id) => PAGE_LOADERS[id](),
    header: loadMemberHeader,
  },
  later: (fn: () => void) => void = afterFirstPaint,
): void {
  if (!getAuthToken()) return;
  const [pathname = '', search = ''] = address.split('?');
  startEarlyRequest('POST', SESSION_PATH, {});
  const entry = findEntry(pathname);
  if (!entry || entry.access !== 'member') return;
  later(() => {
    // A failed chunk load is retried, and reported, by the page's own lazy import.
    load.page(entry.page).catch(() => undefined);
    load.header().catch(() => undefined);
    if (entry.page === 'home') startHomeRequests();
    // Recognise lays out the firm's behaviours above its message: asked now, they are usually in
    // before the page renders, and nothing below them moves when they arrive.
    if (entry.page === 'recognise') startEarlyRequest('GET', '/api/behaviours');
    if (entry.page === 'redeemRewards' && mayRedeemRewards()) startRewardsRequests(pathname, search);
    startEarlyRequest('GET', '/api/notifications');
  });
}
