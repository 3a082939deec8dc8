import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

/**
 * Issue 15 #5: bad input is the caller's mistake (400), never a server error (500): NUL
 * characters in text, ids beyond PostgreSQL's integer, a truncated multipart body, odd picture
 * ids. Anything PostgreSQL still refuses as bad data (SQLSTATE class 22) is a 400 too.
 */
const ctx = setupApp();

describe('bad input answers 4xx, never 500', () => {
  it('refuses a NUL character in text with a field error', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/support/contact',
      payload: { name: 'Nul\u0000Name', email: 'nul@example.test', message: 'Hello' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toEqual(['Text may not contain NUL characters']);
  });

  it('refuses a NUL character in a signed-in update and in a query string', async () => {
    const { token } = await memberWithToken(ctx);
    const profile = await ctx.request({
      method: 'PUT',
      url: '/api/profile',
      token,
      payload: { cellNum: '+27 82 555 0000', email: 'nul.profile@example.test', interests: 'a\u0000b' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().errors.interests).toBeDefined();
    const search = await ctx.request({ method: 'GET', url: '/api/members/search?q=ab%00cd', token });
    expect(search.statusCode).toBe(400);
  });

  it('answers 400 on the field for an id beyond 2^31-1 in a body, before the database sees it', async () => {
    const { token } = await memberWithToken(ctx);
    for (const [url, payload, field, message] of [
      ['/api/high5/send', { toMemberId: 2 ** 31, message: 'hi there' }, 'toMemberId', 'Choose a colleague'],
      [
        '/api/payitforward/send',
        { toMemberId: 2 ** 31, points: 1, message: 'Thanks' },
        'toMemberId',
        'Choose a colleague',
      ],
      [
        '/api/recognition/send',
        { toMemberIds: [2 ** 31], behaviourId: 1, message: 'Thanks' },
        'toMemberIds.0',
        'Choose a colleague',
      ],
      [
        '/api/recognition/send',
        { toMemberIds: [1], behaviourId: 2 ** 31, message: 'Thanks' },
        'behaviourId',
        'Choose a behaviour',
      ],
    ] as const) {
      const res = await ctx.request({
        method: 'POST',
        url,
        token,
        payload,
        headers: { 'idempotency-key': `big-id-${url}-${field}-${Date.now()}` },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toMatchObject({ [field]: [message] });
    }
  });

  it('refuses a body nested too deeply before any hook hashes it, also on routes that read no body', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/orders/1/cancel',
      token,
      payload: '['.repeat(5000) + ']'.repeat(5000),
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-body-key-0001' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ body: ['The request is nested too deeply'] });
  });

  it('stores a lone UTF-16 surrogate in a kudos message as U+FFFD, as every other text column does', async () => {
    const sender = await memberWithToken(ctx);
    const colleague = await memberWithToken(ctx);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/high5/send',
      token: sender.token,
      payload: { toMemberId: colleague.member.id, message: 'Thanks ab\ud800cd' },
      headers: { 'idempotency-key': 'lone-surrogate-0001' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await queryRows<{ message: string }>(
      ctx.app.db,
      sql`select message from kudos where from_member_id = ${sender.member.id}`,
    );
    expect(row!.message).toBe('Thanks ab\ufffdcd');
  });

  it('answers problem details for an address the router cannot decode', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/orders/%ED%A0%80' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, errors: { path: ['The address could not be read.'] } });
  });

  it('answers 4xx for /profilepic/%00 and other odd picture ids', async () => {
    for (const url of ['/profilepic/%00', '/profilepic/a%00b', '/profilepic/%C0%80']) {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('answers 400 for a truncated multipart body', async () => {
    const { token } = await memberWithToken(ctx);
    const boundary = '----ovationboundary';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000000000`;
    const res = await ctx.request({
      method: 'POST',
      url: '/api/profile/picture',
      token,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 for a multipart body cut off anywhere, on every upload route (L1)', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true, roles: 'upl-pts,upl-mem' });
    const b = 'ovationcutboundary';
    const part = `--${b}\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const cuts = [
      `--${b}\r\nContent-Disposition: form-data; name="picture"; filen`,
      `--${b}\r\n`,
      `--${b}`,
      `--${b.slice(0, 4)}`,
      part,
      `--${b}\r\nContent-Disposition: form-data; name="kind"\r\n\r\npoi`,
      '\r\n',
    ];
    for (const url of ['/api/profile/picture', '/api/admin/uploads', '/api/admin/rewards/items/1/picture']) {
      for (const payload of cuts) {
        const res = await ctx.request({
          method: 'POST',
          url,
          token,
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${b}` },
        });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json().type).toMatch(/validation$/);
      }
    }
  });

  it('answers 400 for a multipart body without a boundary, on every upload route', async () => {
    const { token } = await memberWithToken(ctx, { roles: 'upl-pts' });
    for (const url of ['/api/profile/picture', '/api/admin/uploads']) {
      const res = await ctx.request({
        method: 'POST',
        url,
        token,
        payload: 'abc',
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().type, url).toMatch(/validation$/);
    }
  });

  it('reads an id in a path as plain digits only, within an integer', async () => {
    const { token } = await memberWithToken(ctx);
    for (const id of ['0x10', '1e1', '0b11', '%2016', '2147483648', '-1']) {
      const res = await ctx.request({ method: 'GET', url: `/api/rewards/items/${id}`, token });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().errors, id).toEqual({ rewardId: ['No such reward'] });
    }
    // A very long parameter reaches the schema too: problem details, not the router's 414.
    const long = await ctx.request({ method: 'GET', url: `/api/orders/${'9'.repeat(150)}`, token });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ status: 400, errors: { orderId: ['No such order'] } });
  });
});

describe('report periods and filters answer 400, before any work', () => {
  it('checks the period the birthdays report would walk when one end is missing', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    for (const filters of [{ from: '1950-01-01' }, { to: '2100-01-01' }]) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/reports/reportbirthdays/query',
        token,
        payload: { filters },
      });
      expect(res.statusCode, JSON.stringify(filters)).toBe(400);
      expect(res.json().errors).toEqual({ 'filters.from': ['Choose a period of at most 366 days'] });
    }
  });

  it('refuses dates at the ends of the calendar and division ids beyond an integer, on the export too', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const exported = await ctx.request({
      method: 'GET',
      url: '/api/reports/reportmanagement/export?division1=2147483648',
      token,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(exported.statusCode).toBe(400);
    expect(exported.headers['content-encoding']).toBeUndefined();
    expect(exported.json().errors).toEqual({ division1: ['Choose a division from the list'] });
    // A number no integer check passes fails two of the id's checks: its message once.
    const huge = await ctx.request({
      method: 'POST',
      url: '/api/reports/reportmanagement/query',
      token,
      payload: { filters: { division1: 1e308 } },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toEqual({ 'filters.division1': ['Choose a division from the list'] });
    const late = await ctx.request({
      method: 'GET',
      url: '/api/reports/reporttransactions/export?from=9999-12-31&to=9999-12-31',
      token,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual({ from: ['Choose a valid date'] });
    // The export's errors name its query parameters, as its schema's own errors do.
    const reversed = await ctx.request({
      method: 'GET',
      url: '/api/reports/reporttransactions/export?from=2026-11-20&to=2026-11-01&sort=nope',
      token,
    });
    expect(reversed.json().errors).toEqual({ to: ['The end date must be on or after the start date'] });
    const unsortable = await ctx.request({
      method: 'GET',
      url: '/api/reports/reporttransactions/export?sort=nope',
      token,
    });
    expect(unsortable.json().errors).toEqual({ sort: ['This column cannot be sorted'] });
    const foreign = await ctx.request({
      method: 'GET',
      url: '/api/reports/reportdailycheckinanalysis/export?country=Kenya',
      token,
    });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().errors)).toEqual(['country']);
  });

  it('refuses an impossible end date on the dashboard when no start is given', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    for (const to of ['2026-13-45', '0000-00-00']) {
      const res = await ctx.request({ method: 'GET', url: `/api/reports/dashboard?to=${to}`, token });
      expect(res.statusCode, to).toBe(400);
      expect(res.json().errors, to).toEqual({ to: ['Choose a valid date'] });
    }
  });
});
