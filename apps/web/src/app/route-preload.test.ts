import { afterEach, describe, expect, it, vi } from 'vitest';
import { KUDOS_FIRST_PAGE } from '@ovation/shared/constants';
import { getBanners } from '../api/banners.ts';
import { HOME_CACHE_KEY } from '../api/home-cache.ts';
import { getHomeData } from '../api/home-data.ts';
import { getKudosPage } from '../api/kudos.ts';
import { getMood } from '../api/mood.ts';
import { getNews } from '../api/news.ts';
import { getNotifications } from '../api/notifications.ts';
import { getBasket, getCatalogue } from '../api/rewards.ts';
import { loadSession } from '../api/session.ts';
import { clearEarlyRequests } from '../lib/api-client.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { preloadRoute } from './route-preload.ts';

const SESSION = {
  profile: { memberId: 1, memberMngMemberId: 1, email: 'a@example.com', cellNumber: '0821234567' },
  capabilities: {},
};

/** Answers by path, as the server would, so each caller gets a body it can read. */
function answer(url: string): Response {
  const body = url.includes('loadsession')
    ? SESSION
    : url.includes('ShoutOutList')
      ? { shoutOuts: { columns: [], rows: [] }, hasMore: false }
      : url.includes('banners')
        ? { banners: [] }
        : url.includes('mood')
          ? { moodDesc: [], moodData: null }
          : {};
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

/** Stands in for "after the first paint": a task later. */
const now = (fn: () => void) => void setTimeout(fn, 0);
const paths = (calls: unknown[][]) => calls.map(([url]) => String(url));

describe('preloadRoute (decision 0046)', () => {
  const fetchMock = stubFetch({ authToken: 'tok' });
  afterEach(() => clearEarlyRequests());
  const loaders = () => ({ page: vi.fn(() => Promise.resolve()), header: vi.fn(() => Promise.resolve()) });

  it("on Home, the session, the page's chunk and Home's reads are asked for once: Home's own calls take them", async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(answer(String(url))));
    const load = loaders();
    preloadRoute('/', load, now);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(7));
    expect(load.page).toHaveBeenCalledWith('home');
    expect(load.header).toHaveBeenCalledTimes(1);
    expect(paths(fetchMock.mock.calls)[0]).toBe('/api/spa/loadsession');

    // Exactly what Home's components ask for: no second request goes out.
    await loadSession();
    await getBanners();
    await getNews();
    await getMood();
    await getHomeData('a@example.com');
    await getKudosPage({ page: KUDOS_FIRST_PAGE });
    await getNotifications();
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });

  it('on a phone leaves the Kudos Thread to ask when it nears the screen', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(answer(String(url))));
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: true, media: query }) as never);
    preloadRoute('/', loaders(), now);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(6));
    expect(paths(fetchMock.mock.calls)).not.toContain('/api/shoutouts/ShoutOutList');
    vi.restoreAllMocks();
  });

  it('leaves the home data alone while a stored copy is fresh (spec §4)', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(answer(String(url))));
    sessionStorage.setItem(HOME_CACHE_KEY, JSON.stringify({ exp: Date.now() + 60_000, owner: 'a@example.com' }));
    preloadRoute('/', loaders(), now);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(6));
    expect(paths(fetchMock.mock.calls)).not.toContain('/api/site/gethomedata');
  });

  it("another member page gets the session, its chunk and the header's reads, not Home's", async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(answer(String(url))));
    const load = loaders();
    preloadRoute('/high5/12', load, now);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(load.page).toHaveBeenCalledWith('high5');
    expect(paths(fetchMock.mock.calls)).toEqual(['/api/spa/loadsession', '/api/notifications']);
  });

  it('Recognise also asks for the firm’s behaviours, which its form lays out first', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(answer(String(url))));
    const load = loaders();
    preloadRoute('/recognise/12', load, now);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(load.page).toHaveBeenCalledWith('recognise');
    expect(paths(fetchMock.mock.calls)).toEqual(['/api/spa/loadsession', '/api/behaviours', '/api/notifications']);
  });

  it('Redeem Rewards asks for the basket and the catalogue as first opened; its own reads take them', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(answer(String(url))));
    preloadRoute('/redeemrewards/vouchers', loaders(), now);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(paths(fetchMock.mock.calls)).toEqual([
      '/api/spa/loadsession',
      '/api/rewards/basket',
      '/api/rewards/catalogue?category=vouchers',
      '/api/notifications',
    ]);
    // The page's query for that address, as CatalogueView builds it.
    await getCatalogue({ category: 'vouchers', q: undefined, sort: 'points', affordable: false, page: 1 });
    await getBasket();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('Redeem Rewards sends no early reads when this tab’s last session could not redeem (decision 0105)', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(answer(String(url))));
    // The session answered before in this tab (a reload): a member outside South Africa.
    await loadSession();
    fetchMock.mockClear();
    preloadRoute('/redeemrewards', loaders(), now);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(paths(fetchMock.mock.calls)).toEqual(['/api/spa/loadsession', '/api/notifications']);
  });

  it('Redeem Rewards with a search, sort or page in the address, or an item, preloads only the basket', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(answer(String(url))));
    preloadRoute('/redeemrewards?sort=name', loaders(), now);
    preloadRoute('/redeemrewards/item/12', loaders(), now);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(paths(fetchMock.mock.calls).filter((p) => p.includes('/api/rewards/'))).toEqual(['/api/rewards/basket']);
  });

  it('the rest waits for the first paint; a public page loads only the session', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(answer(String(url))));
    const load = loaders();
    const later = vi.fn();
    preloadRoute('/', load, later);
    preloadRoute('/unsubscribe', load, later);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(later).toHaveBeenCalledTimes(1);
    expect(load.page).not.toHaveBeenCalled();
  });

  it('does nothing without a stored token (signed out)', async () => {
    sessionStorage.clear();
    const load = loaders();
    preloadRoute('/', load, now);
    expect(load.page).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
