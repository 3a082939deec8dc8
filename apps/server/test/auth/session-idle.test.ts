import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { sessions } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { setupApp, type TestContext } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

/**
 * Issue 15 #6, no idle timeout: a session unused for SESSION_IDLE_MINUTES (default 30) is
 * refused. Last use is written at most once a minute per session (in batches), background calls (the
 * live-stream ticket) are not use, and the session cache never serves an idle session
 * (docs/decisions/0040).
 */
const uncached = setupApp();
const cached = setupApp({ SESSION_CACHE_SECONDS: 60 });
const oneMinute = setupApp({ SESSION_IDLE_MINUTES: 1 });
const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

const sessionOf = async (ctx: TestContext, token: string) =>
  (
    await ctx.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]!;
const lastUsed = async (ctx: TestContext, token: string, at: Date) =>
  ctx.app.db
    .update(sessions)
    .set({ lastUsedAt: at })
    .where(eq(sessions.tokenHash, hashToken(token)));
const loadSession = (ctx: TestContext, token: string) =>
  ctx.request({ method: 'POST', url: '/api/spa/loadsession', token, payload: {} });

describe('the session idle timeout', () => {
  it('is 30 minutes unless set', () => {
    expect(loadConfig({}).SESSION_IDLE_MINUTES).toBe(30);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '15' }).SESSION_IDLE_MINUTES).toBe(15);
  });

  it('refuses a session unused for longer than the idle timeout, and takes one used just within it', async () => {
    const { token } = await memberWithToken(uncached);
    await lastUsed(uncached, token, new Date(Date.now() - 29 * MINUTE));
    expect((await loadSession(uncached, token)).statusCode).toBe(200);

    const { token: idle } = await memberWithToken(uncached);
    await lastUsed(uncached, idle, new Date(Date.now() - 31 * MINUTE));
    const refused = await loadSession(uncached, idle);
    expect(refused.statusCode).toBe(401);
    // Refused for good: a use after the refusal does not bring it back.
    expect((await loadSession(uncached, idle)).statusCode).toBe(401);
  });

  it('records the use at most once a minute, gathered and written together', async () => {
    const { token } = await memberWithToken(uncached);
    const { token: other } = await memberWithToken(uncached);
    const twoMinutesAgo = new Date(Date.now() - 2 * MINUTE);
    await lastUsed(uncached, token, twoMinutesAgo);
    await lastUsed(uncached, other, twoMinutesAgo);
    expect((await loadSession(uncached, token)).statusCode).toBe(200);
    expect((await loadSession(uncached, other)).statusCode).toBe(200);
    // Waiting for the next batch (at most 10 s), not written inside the request.
    expect((await sessionOf(uncached, token)).lastUsedAt).toEqual(twoMinutesAgo);
    await uncached.app.sessionUse.flush();
    for (const t of [token, other]) {
      expect(Date.now() - (await sessionOf(uncached, t)).lastUsedAt.getTime()).toBeLessThan(5_000);
    }

    const halfAMinuteAgo = new Date(Date.now() - 30_000);
    await lastUsed(uncached, token, halfAMinuteAgo);
    expect((await loadSession(uncached, token)).statusCode).toBe(200);
    await uncached.app.sessionUse.flush();
    expect((await sessionOf(uncached, token)).lastUsedAt).toEqual(halfAMinuteAgo);
  });

  it('with a one-minute timeout, records use every half minute, so a member in use is never idle', async () => {
    const { token } = await memberWithToken(oneMinute);
    await lastUsed(oneMinute, token, new Date(Date.now() - 40_000));
    expect((await loadSession(oneMinute, token)).statusCode).toBe(200);
    // Half the timeout old: written at once, so the next use, 40 s on, is still within the minute.
    expect(Date.now() - (await sessionOf(oneMinute, token)).lastUsedAt.getTime()).toBeLessThan(5_000);
  });

  it('writes at once, inside the request, the use of a session already idle for half the timeout', async () => {
    const { token } = await memberWithToken(uncached);
    await lastUsed(uncached, token, new Date(Date.now() - 20 * MINUTE));
    expect((await loadSession(uncached, token)).statusCode).toBe(200);
    expect(Date.now() - (await sessionOf(uncached, token)).lastUsedAt.getTime()).toBeLessThan(5_000);
  });

  it('keeps a later use already written when a batch arrives with an earlier one', async () => {
    const { token } = await memberWithToken(uncached);
    await lastUsed(uncached, token, new Date(Date.now() - 2 * MINUTE));
    expect((await loadSession(uncached, token)).statusCode).toBe(200);
    const later = new Date(Date.now() + MINUTE); // another instance wrote a later use meanwhile
    await lastUsed(uncached, token, later);
    await uncached.app.sessionUse.flush();
    expect((await sessionOf(uncached, token)).lastUsedAt).toEqual(later);
  });

  it('does not count the live-stream ticket, which an open page asks for by itself, as use', async () => {
    const { token } = await memberWithToken(uncached);
    const fiveMinutesAgo = new Date(Date.now() - 5 * MINUTE);
    await lastUsed(uncached, token, fiveMinutesAgo);
    expect((await uncached.request({ method: 'POST', url: '/api/live/ticket', token })).statusCode).toBe(200);
    expect((await sessionOf(uncached, token)).lastUsedAt).toEqual(fiveMinutesAgo);
  });

  it('is not held off by the session cache: a cached session that goes idle is refused', async () => {
    const { token } = await memberWithToken(cached);
    const start = Date.now();
    await lastUsed(cached, token, new Date(start - 29 * MINUTE - 50_000));
    // A background call puts the session in the cache, 10 seconds before it goes idle.
    expect((await cached.request({ method: 'POST', url: '/api/live/ticket', token })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: start + 20_000 });
    expect((await loadSession(cached, token)).statusCode).toBe(401);
  });
});
