import { HOME_CACHE_MS } from '@ovation/shared/constants';
import type { HomeData } from '@ovation/shared/schemas/feed';
import { functionalStorageAllowed } from '../lib/cookie-policy.ts';

/** Session storage key of the home data cache (spec §3 "Home data cache", §4). */
export const HOME_CACHE_KEY = 'homeData';

interface StoredHomeData extends HomeData {
  /** Expiry, epoch ms. */
  exp: number;
  /** Whose data it is: another member signing in on this tab must not see it. */
  owner: string;
}

/**
 * The cached home data if it is this member's and not expired (spec §4: 5 minutes). Kept only
 * while the member allows functional storage (Cookie Preferences; decision 0076).
 */
export function readHomeCache(owner: string, now = Date.now()): { data: HomeData; savedAt: number } | undefined {
  if (!functionalStorageAllowed()) return undefined;
  try {
    const raw = sessionStorage.getItem(HOME_CACHE_KEY);
    if (!raw) return undefined;
    const { exp, owner: who, ...data } = JSON.parse(raw) as StoredHomeData;
    if (who !== owner || typeof exp !== 'number' || exp <= now) return undefined;
    return { data, savedAt: exp - HOME_CACHE_MS };
  } catch {
    return undefined; // a damaged entry is just a cache miss
  }
}

export function writeHomeCache(data: HomeData, owner: string, now = Date.now()): void {
  if (!functionalStorageAllowed()) return forgetHomeCache();
  const entry: StoredHomeData = { ...data, exp: now + HOME_CACHE_MS, owner };
  try {
    sessionStorage.setItem(HOME_CACHE_KEY, JSON.stringify(entry));
  } catch {
    // Storage full or disabled: the in-memory query cache still works.
  }
}

/** Drops the stored copy (functional storage turned off). */
export function forgetHomeCache(): void {
  try {
    sessionStorage.removeItem(HOME_CACHE_KEY);
  } catch {
    // Storage disabled: nothing is stored.
  }
}

/** Whether a home data copy that has not expired is stored (and may be used), whoever it belongs to. */
export function hasUnexpiredHomeCache(now = Date.now()): boolean {
  if (!functionalStorageAllowed()) return false;
  try {
    const raw = sessionStorage.getItem(HOME_CACHE_KEY);
    const exp = raw ? (JSON.parse(raw) as Partial<StoredHomeData>).exp : undefined;
    return typeof exp === 'number' && exp > now;
  } catch {
    return false;
  }
}
