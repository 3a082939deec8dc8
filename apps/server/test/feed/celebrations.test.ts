import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { findCelebrations } from '../../src/modules/celebrations/celebrations.repository.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';

const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });

/** yyyy-MM-dd of today (UTC) moved by whole years and days. */
function day(yearsBack: number, daysAhead = 0): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear() - yearsBack, now.getUTCMonth(), now.getUTCDate() + daysAhead));
  return d.toISOString().slice(0, 10);
}
const today = () => day(0);
/**
 * On 28/29 February the helper's "same day N years ago" may not exist (or lands on a leap day
 * celebrated a day early), so on those two days the date-relative cases run with the clock
 * moved two days on (ahead of the database's clock, so sessions stay live); the leap-day rule
 * itself is tested below with fixed dates.
 */
function awayFromLeapDay() {
  if (!today().endsWith('-02-28') && !today().endsWith('-02-29')) return;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 2 * 86_400_000);
}

describe('POST /api/site/getcelebrations', () => {
  const call = (token?: string) =>
    ctx.request({ method: 'POST', url: '/api/site/getcelebrations', payload: {}, token });

  it('needs a session', async () => {
    expect((await call()).statusCode).toBe(401);
  });

  it('answers an empty report when nobody celebrates today', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await call(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ report: [] });
  });

  it('lists today’s birthdays and anniversaries with the spec §3 fields', async () => {
    awayFromLeapDay();
    const { token } = await memberWithToken(ctx);
    const bday = await createMember(ctx.app, { firstName: 'Bea', surname: 'Birthday', birthDate: day(30) });
    const anniv = await createMember(ctx.app, { firstName: 'Andile', surname: 'Anniv', startDate: day(1) });
    const unregistered = await createMember(ctx.app, {
      firstName: 'Una',
      surname: 'Unregistered',
      birthDate: day(40),
      registered: false,
    });
    await createMember(ctx.app, { firstName: 'New', surname: 'Starter', startDate: day(0) });
    await createMember(ctx.app, { firstName: 'Gone', surname: 'Away', birthDate: day(30), active: false });
    await createMember(ctx.app, { firstName: 'Tom', surname: 'Tomorrow', birthDate: day(30, 1) });
    await createMember(ctx.app, { firstName: 'Ten', surname: 'Years', startDate: day(10), picId: 'abc123' });

    const res = await call(token);
    expect(res.statusCode).toBe(200);
    const report = res.json().report as Record<string, unknown>[];
    expect(report.map((r) => `${r.what} ${r.firstName}`)).toEqual([
      'BDAY Bea',
      'BDAY Una',
      'ANNIV Andile',
      'ANNIV Ten',
    ]);
    expect(report[0]).toEqual({
      what: 'BDAY',
      _rowNum: 1,
      picId: 'nopic',
      memberId: expect.stringMatching(new RegExp(`^${bday.id}#[\\w-]{10}$`)),
      firstName: 'Bea',
      surname: 'Birthday',
      dOBdate: today(),
      years: 0,
      division: expect.stringMatching(/^Division /),
      country: 'South Africa',
    });
    // Not registered: the id part is 0 (spec §5); the hash still tells the rows apart.
    expect(report[1]!.memberId).toMatch(/^0#[\w-]{10}$/);
    expect(report[1]!.memberId).not.toContain(String(unregistered.id) + '#');
    expect(report[2]).toMatchObject({ memberId: expect.stringMatching(new RegExp(`^${anniv.id}#`)), years: 1 });
    expect(report[3]).toMatchObject({ years: 10, picId: 'abc123', _rowNum: 4 });
  });
});

describe('GET /api/celebrations/upcoming', () => {
  const call = (query: string, token?: string) =>
    ctx.request({ method: 'GET', url: `/api/celebrations/upcoming${query}`, token });

  it('needs a session', async () => {
    expect((await call('?days=3')).statusCode).toBe(401);
  });

  it('answers 400 for days outside 1 to 60', async () => {
    const { token } = await memberWithToken(ctx);
    for (const q of ['?days=0', '?days=61', '?days=x']) expect((await call(q, token)).statusCode, q).toBe(400);
  });

  it('lists the coming days’ celebrations by date', async () => {
    awayFromLeapDay();
    const { token } = await memberWithToken(ctx);
    await createMember(ctx.app, { firstName: 'Zed', surname: 'Soon', birthDate: day(25, 2) });
    await createMember(ctx.app, { firstName: 'Amy', surname: 'Later', startDate: day(3, 5) });
    await createMember(ctx.app, { firstName: 'Far', surname: 'Away', birthDate: day(25, 20) });
    const res = await call('?days=7', token);
    expect(res.statusCode).toBe(200);
    const rows = (res.json().report as { firstName: string; dOBdate: string; years: number }[]).filter((r) =>
      ['Zed', 'Amy', 'Far'].includes(r.firstName),
    );
    expect(rows.map((r) => [r.firstName, r.dOBdate, r.years])).toEqual([
      ['Zed', day(0, 2), 0],
      ['Amy', day(0, 5), 3],
    ]);
  });
});

describe('29 February', () => {
  it('is celebrated on 28 February in other years and on 29 February in leap years', async () => {
    const leapling = await createMember(ctx.app, { firstName: 'Leap', surname: 'Ling', birthDate: '2000-02-29' });
    const mine = (rows: { memberId: number; day: string }[]) => rows.filter((r) => r.memberId === leapling.id);
    expect(mine(await findCelebrations(ctx.app.db, '2027-02-26', 5)).map((r) => r.day)).toEqual(['2027-02-28']);
    expect(mine(await findCelebrations(ctx.app.db, '2028-02-26', 5)).map((r) => r.day)).toEqual(['2028-02-29']);
  });
});

describe('a member who hides their celebrations (POPIA)', () => {
  it('appears nowhere in Celebrations once the preference is saved', async () => {
    awayFromLeapDay();
    const { token } = await memberWithToken(ctx);
    const shy = await memberWithToken(ctx, {
      firstName: 'Shy',
      surname: 'Private',
      birthDate: day(30),
      startDate: day(3),
    });
    const names = async () =>
      ((await findCelebrations(ctx.app.db, today(), 1)) as { firstName: string; what: string }[])
        .filter((r) => r.firstName === 'Shy')
        .map((r) => r.what);
    expect(await names()).toEqual(['BDAY', 'ANNIV']);
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/profile/preferences',
      token: shy.token,
      payload: {
        email: { recognised: true, high5: true, points: true, reaction: true },
        weeklyDigest: true,
        hideCelebrations: true,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await names()).toEqual([]);
    const res = await ctx.request({ method: 'POST', url: '/api/site/getcelebrations', payload: {}, token });
    expect(JSON.stringify(res.json())).not.toContain('Shy');
    vi.useRealTimers();
  });
});

describe("the firm's default for hiding celebrations", () => {
  it('hides members who never chose, keeps an explicit choice, and survives saving e-mail choices', async () => {
    awayFromLeapDay();
    const quiet = await memberWithToken(ctx, { firstName: 'Quiet', surname: 'Default', birthDate: day(30) });
    const open = await memberWithToken(ctx, { firstName: 'Open', surname: 'Chooser', birthDate: day(30) });
    const shown = async () =>
      ((await findCelebrations(ctx.app.db, today(), 1)) as { firstName: string }[])
        .map((r) => r.firstName)
        .filter((n) => n === 'Quiet' || n === 'Open')
        .sort();
    const prefs = (token: string, hideCelebrations: boolean, high5 = true) =>
      ctx.request({
        method: 'PUT',
        url: '/api/profile/preferences',
        token,
        payload: {
          email: { recognised: true, high5, points: true, reaction: true },
          weeklyDigest: true,
          hideCelebrations,
        },
      });
    expect(await shown()).toEqual(['Open', 'Quiet']);
    await ctx.app.db.execute(
      sql`insert into settings (key, value) values ('hideCelebrationsByDefault', 'true'::jsonb)
          on conflict (key) do update set value = excluded.value`,
    );
    try {
      expect(await shown()).toEqual([]);
      // A member who wants to be seen says so.
      expect((await prefs(open.token, false)).statusCode).toBe(200);
      expect(await shown()).toEqual(['Open']);
      // Turning an e-mail off (the form sends the privacy switch as shown) is not a privacy choice.
      expect((await prefs(quiet.token, true, false)).statusCode).toBe(200);
      const got = await ctx.request({ method: 'GET', url: '/api/profile/preferences', token: quiet.token });
      expect(got.json()).toMatchObject({ hideCelebrations: true, email: { high5: false } });
      expect(await shown()).toEqual(['Open']);
    } finally {
      await ctx.app.db.execute(sql`delete from settings where key = 'hideCelebrationsByDefault'`);
    }
    // The firm shows everyone again: the quiet member follows it, the chooser keeps their choice.
    expect(await shown()).toEqual(['Open', 'Quiet']);
    const quietNow = await ctx.request({ method: 'GET', url: '/api/profile/preferences', token: quiet.token });
    expect(quietNow.json()).toMatchObject({ hideCelebrations: false });
    vi.useRealTimers();
  });
});
