import { expect } from 'vitest';
import type { AppServices } from '../../src/services.ts';
import type { TestContext } from './build-app.ts';
import { watchCatalogueNotices } from './rewards-factories.ts';

/** How often the instance loaded and dropped its catalogue snapshot. */
export type SnapshotCounts = { loads: number; drops: number };

/** Services that count the instance's catalogue snapshot loads and drops into `counts()` (nothing else changes). */
export const countingSnapshots =
  (counts: () => SnapshotCounts) =>
  (made: AppServices): AppServices => {
    const cache = made.caches.rewardsCatalogue;
    const get = cache.get.bind(cache);
    const clear = cache.clear.bind(cache);
    cache.get = (key, load) => get(key, () => (counts().loads++, load()));
    cache.clear = () => (counts().drops++, clear());
    return made;
  };

/** GETs and catalogue reads as a member, and `notices.heardAll()` (watching from its first call, once the app is built). */
export function catalogueReads(ctx: TestContext) {
  let watcher: ReturnType<typeof watchCatalogueNotices> | undefined;
  const notices = { heardAll: () => (watcher ??= watchCatalogueNotices(ctx.app)).heardAll() };
  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    ctx.request({ method: 'GET', url, token, headers });
  const catalogue = async (token: string, query: string) => {
    const res = await get(`/api/rewards/catalogue?${query}`, token);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  return { notices, get, catalogue };
}
