import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';
import type { LiveSession } from './session.repository.ts';

const session = (sessionId: number, memberId: number, expiresAt = new Date(Date.now() + 3_600_000)): LiveSession => ({
  sessionId,
  memberId,
  roles: '',
  isManager: false,
  isAdminReports: false,
  cellNum: '+27 82 555 0000',
  email: 'member@example.test',
  country: 'South Africa',
  unit: 'AUD',
  expiresAt,
  lastUsedAt: new Date(),
});

describe('SessionCache', () => {
  it('reuses a live session until its time is up, and never caches an unknown token', async () => {
    let now = 1_000;
    const cache = new SessionCache(10_000, () => now);
    let loads = 0;
    const load = async () => (loads++, session(1, 10, new Date(now + 60_000)));
    await cache.get('t', load);
    await cache.get('t', load);
    expect(loads).toBe(1);
    now += 10_000;
    await cache.get('t', load);
    expect(loads).toBe(2);
    expect(await cache.get('unknown', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('does not serve a session past its own expiry', async () => {
    let now = 1_000;
    const cache = new SessionCache(10_000, () => now);
    await cache.get('t', async () => session(1, 10, new Date(now + 500)));
    now += 600;
    expect(await cache.get('t', async () => undefined)).toBeUndefined();
  });

  it('does not serve a session idle past the idle timeout, though the entry is fresh', async () => {
    let now = 1_000_000;
    const cache = new SessionCache(60_000, () => now, 50_000, 30 * 60_000);
    // Loaded by a background call 29 minutes 50 seconds after the session's last use.
    const idle = { ...session(1, 10, new Date(now + 3_600_000)), lastUsedAt: new Date(now - 29 * 60_000 - 50_000) };
    await cache.get('t', async () => idle);
    now += 5_000;
    expect(await cache.get('t', async () => undefined)).toBe(idle);
    now += 10_000;
    expect(await cache.get('t', async () => undefined)).toBeUndefined();
  });

  it('forgets by session, by member and all at once', async () => {
    const cache = new SessionCache(60_000);
    await cache.get('a', async () => session(1, 10));
    await cache.get('b', async () => session(2, 10));
    await cache.get('c', async () => session(3, 11));
    cache.forget({ sessionIds: [1] });
    expect(cache.size).toBe(2);
    cache.forget({ memberIds: [10] });
    expect(cache.size).toBe(1);
    cache.forget({ all: true });
    expect(cache.size).toBe(0);
  });

  it('does not keep a lookup that began before a forget (it may have read the revoked row as live)', async () => {
    const cache = new SessionCache(60_000);
    let finish!: (s: LiveSession) => void;
    const pending = cache.get('t', () => new Promise<LiveSession>((resolve) => (finish = resolve)));
    cache.forget({ sessionIds: [1] });
    finish(session(1, 10));
    expect(await pending).toMatchObject({ sessionId: 1 });
    expect(cache.size).toBe(0);
  });
});
