import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { decide, fundedProgramme, nominateBody } from '../support/award-factories.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, login, memberWithToken } from '../support/factories.ts';
import { relaxLimits, send } from '../support/ledger-factories.ts';

// Its own database: the nominations here would change other reports' totals.
const ctx = setupApp();

type Table = { fields: string[]; rows: unknown[][]; total: number; totals?: Record<string, unknown> };
const records = (t: Table) => t.rows.map((row) => Object.fromEntries(t.fields.map((f, i) => [f, row[i]])));

describe('the Awards Report', () => {
  it('lists each nomination with its status and totals what is committed, paid and released', async () => {
    await relaxLimits(ctx.app);
    const admin = await memberWithToken(ctx, { roles: 'awards,rep' });
    const manager = await createMember(ctx.app, { firstName: 'Mo', surname: 'Manager', isManager: true });
    const managerToken = await login(ctx, manager.email!);
    const [ann, ben, cat] = await Promise.all(
      ['Ann', 'Ben', 'Cat'].map((firstName) =>
        createMember(ctx.app, { firstName, surname: 'Nominee', managerId: manager.id }),
      ),
    );
    const nominator = await memberWithToken(ctx, { firstName: 'Nia', surname: 'Nominator', managerId: manager.id });
    const programme = await fundedProgramme(ctx, admin.token, 2000, {
      approval: { manager: true, managersManager: false, namedApproverIds: [], namedAbovePoints: null },
    });
    const res = await send(
      ctx,
      '/api/awards/nominations',
      nominator.token,
      nominateBody(programme.id, [ann!.id, ben!.id, cat!.id], 'silver'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [annId, benId] = res.json().nominationIds as number[];
    expect((await decide(ctx, managerToken, annId!, { action: 'approve' })).json().status).toBe('approved');
    const declined = await decide(ctx, managerToken, benId!, { action: 'decline', reason: 'Recognised last month' });
    expect(declined.json().status).toBe('declined');

    const query = await ctx.request({
      method: 'POST',
      url: '/api/reports/reportawards/query',
      token: admin.token,
      payload: { filters: { search: programme.name }, sort: { column: 'member', direction: 'asc' } },
    });
    expect(query.statusCode, query.body).toBe(200);
    const table = query.json() as Table;
    expect(records(table).map((r) => [r.member, r.level, r.points, r.status, r.nominator])).toEqual([
      ['Ann Nominee', 'Silver', 250, 'approved', 'Nia Nominator'],
      ['Ben Nominee', 'Silver', 250, 'declined', 'Nia Nominator'],
      ['Cat Nominee', 'Silver', 250, 'pending', 'Nia Nominator'],
    ]);
    expect(records(table)[0]).toMatchObject({ programme: programme.name, hoursToDecide: 0 });
    expect(records(table)[2]!.decidedAt).toBeNull();
    expect(table.totals).toEqual({
      nominations: 3,
      pointsCommitted: 250,
      pointsPaid: 250,
      pointsReleased: 250,
      averageHoursToDecide: 0,
    });

    // The dashboard's tile counts the same nominations (this file's database holds only these).
    const dashboard = await ctx.request({ method: 'GET', url: '/api/reports/dashboard', token: admin.token });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().awards).toEqual({
      nominations: 3,
      pending: 1,
      approved: 1,
      closed: 1,
      pointsCommitted: 250,
      pointsPaid: 250,
      averageHoursToDecide: 0,
    });

    // The same rows in the spreadsheet payroll and HR open.
    const search = encodeURIComponent(programme.name);
    const xlsx = await ctx.request({
      method: 'GET',
      url: `/api/reports/reportawards/export?format=xlsx&search=${search}&sort=member&direction=asc`,
      token: admin.token,
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).value).toBe('Nominated');
    expect(sheet.getRow(2).getCell(2).value).toBe(programme.name);
    const csv = await ctx.request({
      method: 'GET',
      url: `/api/reports/reportawards/export?format=csv&search=${search}`,
      token: admin.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').filter((line) => line.includes('Nominee'))).toHaveLength(3);
  });

  it('is refused to a member without the reports', async () => {
    const { token } = await memberWithToken(ctx, {});
    const res = await ctx.request({ method: 'POST', url: '/api/reports/reportawards/query', token, payload: {} });
    expect(res.statusCode).toBe(403);
  });
});
