import { describe, expect, it } from 'vitest';
import { REPORT_KEYS } from '@ovation/shared/schemas/reports';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken, type MemberOverrides } from '../support/factories.ts';

/**
 * The role matrix (issue 12): every report × every demo role, against spec §2's Management
 * menu rules, enforced on the server. The three reports outside the menu are for report
 * admins only (decision 0024).
 */
const ctx = setupApp();

const MENU_REPORTS = [
  'reportmanagement',
  'reportmemberbalances',
  'reportmanagerbalances',
  'reportpayitforward',
  'reportredeemed',
  'reportregistrations',
  'reporttransactions',
  'reportbirthdays',
  'reportgameplays',
  'reportdailycheckinanalysis',
  'reportawards',
  'reportlongservice',
];
const ADMIN_ONLY = [
  'reportsimplysay',
  'reportmemberdatabase',
  'reportdailycheckin',
  'reportprovisioning',
  'reportaudit',
];

const ROLES: [string, MemberOverrides, string[]][] = [
  ['plain member (member.za)', {}, []],
  ['member in Kenya', { country: 'Kenya' }, []],
  ['member in unit TRF', { unit: 'TRF' }, []],
  ['manager', { isManager: true }, []],
  ['report admin', { isAdminReports: true }, [...MENU_REPORTS, ...ADMIN_ONLY]],
  ['rep', { roles: 'rep' }, MENU_REPORTS],
  ['REP in capitals with spaces', { roles: ' Rep ' }, MENU_REPORTS],
  ['uploader (upl-mem,upl-pts)', { roles: 'upl-mem,upl-pts' }, []],
  ['notify uploader', { roles: 'upl-mem-nfy,upl-pts-nfy' }, []],
  ['news', { roles: 'news' }, []],
  ['anniv', { roles: 'anniv' }, []],
  ['manager with rep', { isManager: true, roles: 'rep,anniv' }, MENU_REPORTS],
];

describe('reports: role matrix (spec §2, decision 0024)', () => {
  it('covers every report of the registry', () => {
    expect(new Set([...MENU_REPORTS, ...ADMIN_ONLY])).toEqual(new Set(REPORT_KEYS));
  });

  it.each(ROLES)('%s sees exactly its reports, and is refused the others', async (_name, overrides, allowed) => {
    const { token } = await memberWithToken(ctx, overrides);
    const list = await ctx.request({ method: 'GET', url: '/api/reports', token });
    const dashboard = await ctx.request({ method: 'GET', url: '/api/reports/dashboard', token });
    if (allowed.length === 0) {
      expect(list.statusCode).toBe(403);
      expect(dashboard.statusCode).toBe(403);
    } else {
      expect(list.statusCode).toBe(200);
      expect(dashboard.statusCode).toBe(200);
      const listed = list.json() as { reportKey: string; route: string }[];
      expect(listed.map((r) => r.reportKey).sort()).toEqual([...allowed].sort());
      for (const r of listed) expect(r.route).toBe(`/${r.reportKey}`);
    }
    for (const key of REPORT_KEYS) {
      const expected = allowed.includes(key) ? 200 : 403;
      const definition = await ctx.request({ method: 'GET', url: `/api/reports/${key}`, token });
      const query = await ctx.request({ method: 'POST', url: `/api/reports/${key}/query`, token, payload: {} });
      const exported = await ctx.request({ method: 'GET', url: `/api/reports/${key}/export?format=csv`, token });
      expect([definition.statusCode, query.statusCode, exported.statusCode], key).toEqual([
        expected,
        expected,
        expected,
      ]);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/reports/reportmanagement/query', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for an unknown report, 400 for bad filters, sort or paging', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const q = (key: string, payload: object) =>
      ctx.request({ method: 'POST', url: `/api/reports/${key}/query`, token, payload });
    expect((await q('reportnothing', {})).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/reports/reportnothing/export', token })).statusCode).toBe(
      404,
    );
    expect((await q('reportmanagement', { filters: { from: '2026-02-30' } })).statusCode).toBe(400);
    expect((await q('reportmanagement', { filters: { from: '01/02/2026' } })).statusCode).toBe(400);
    expect((await q('reportmanagement', { filters: { from: '2026-03-01', to: '2026-02-01' } })).statusCode).toBe(400);
    expect((await q('reportmanagement', { filters: { colour: 'red' } })).statusCode).toBe(400);
    expect((await q('reportregistrations', { filters: { from: '2026-01-01' } })).statusCode).toBe(400);
    expect((await q('reportdailycheckinanalysis', { filters: { country: 'Kenya' } })).statusCode).toBe(400);
    expect((await q('reportmanagement', { sort: { column: 'nope', direction: 'asc' } })).statusCode).toBe(400);
    expect((await q('reportpayitforward', { sort: { column: 'message', direction: 'asc' } })).statusCode).toBe(400);
    expect((await q('reportmanagement', { pageSize: 5000 })).statusCode).toBe(400);
    expect((await q('reportmanagement', { page: 0 })).statusCode).toBe(400);
    const badExport = await ctx.request({
      method: 'GET',
      url: '/api/reports/reportmanagement/export?format=pdf',
      token,
    });
    expect(badExport.statusCode).toBe(400);
    const res = await q('reportmanagement', { filters: { from: '2026-01-01', to: '2026-01-31' } });
    expect(res.statusCode).toBe(200);
  });
});
