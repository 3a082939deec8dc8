import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_CACHE_KEY, hasUnexpiredHomeCache, readHomeCache, writeHomeCache } from './home-cache.ts';

const data = { recentRecognition: [], getToKnow: [], celebrations: [], leaderboard: [] };

describe('home data cache', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.cookie = 'cPol=; Max-Age=0; Path=/';
  });

  it("keeps the member's home data for 5 minutes under 'homeData' with exp", () => {
    writeHomeCache(data, 'me@example.com', 1_000);
    expect(JSON.parse(sessionStorage.getItem(HOME_CACHE_KEY)!).exp).toBe(1_000 + 300_000);
    expect(readHomeCache('me@example.com', 300_999)).toEqual({ data, savedAt: 1_000 });
    expect(readHomeCache('me@example.com', 301_000)).toBeUndefined();
  });

  it("never serves another member's data or a damaged entry", () => {
    writeHomeCache(data, 'me@example.com', 1_000);
    expect(readHomeCache('you@example.com', 2_000)).toBeUndefined();
    sessionStorage.setItem(HOME_CACHE_KEY, '{oops');
    expect(readHomeCache('me@example.com', 2_000)).toBeUndefined();
  });

  it('keeps and serves nothing while functional storage is turned off', () => {
    const now = Date.now();
    writeHomeCache(data, 'me@example.com', now);
    expect(hasUnexpiredHomeCache(now + 1)).toBe(true);
    document.cookie = 'cPol=y--; Path=/';
    expect(readHomeCache('me@example.com', now + 1)).toBeUndefined();
    writeHomeCache(data, 'me@example.com', now);
    expect(sessionStorage.getItem(HOME_CACHE_KEY)).toBeNull();
    expect(hasUnexpiredHomeCache(now + 1)).toBe(false);
    document.cookie = 'cPol=yy-; Path=/';
    writeHomeCache(data, 'me@example.com', now);
    expect(readHomeCache('me@example.com', now + 1)?.data).toEqual(data);
  });
});
