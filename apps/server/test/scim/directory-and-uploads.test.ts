import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { memberRow, MEMBERS_HEADER } from '../support/upload-fixtures.ts';
import { checked, csv } from '../support/upload-helpers.ts';
import { ENTERPRISE, entraUser, integrationToken, scim } from '../support/scim-factories.ts';

/** One source for each member (decision 0110): the upload leaves the directory's members alone, and says so. */
describe('the directory and the members upload', () => {
  const ctx = setupApp();

  it('a members file refuses rows for members the directory manages; the reports mark them', async () => {
    const { secret } = await integrationToken(ctx);
    const user = entraUser();
    const created = (await scim(ctx, secret, 'POST', '/Users', user)).json();
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const member = {
      employeeNumber: user[ENTERPRISE].employeeNumber,
      firstName: 'Renamed',
      surname: user.name.familyName,
      email: user.userName,
    };
    const preview = await checked(ctx, token, 'members', {
      name: 'members.csv',
      bytes: csv([MEMBERS_HEADER, memberRow(member)]),
    });
    expect(preview.summary).toMatchObject({ rows: 1, valid: 0, refused: 1 });
    expect(preview.refusedRows[0].reason).toBe(
      `Member ${member.employeeNumber} is managed by the firm's directory (SCIM): change them there; this row is left as it is`,
    );

    const report = await ctx.request({
      method: 'POST',
      url: '/api/reports/reportmemberdatabase/query',
      token,
      payload: { filters: { search: member.employeeNumber } },
    });
    const t = report.json() as { fields: string[]; rows: unknown[][] };
    expect(t.rows.map((row) => row[t.fields.indexOf('source')])).toEqual(['Directory (SCIM)']);

    await scim(ctx, secret, 'PATCH', '/Groups/rep', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'add', path: 'members', value: [{ value: created.id }] }],
    });
    const roles = await ctx.request({ method: 'GET', url: '/api/admin/roles', token });
    const holder = roles.json().members.find((m: { memberId: number }) => m.memberId === Number(created.id));
    expect(holder).toMatchObject({ roles: ['rep'], directoryManaged: true });
    const change = roles.json().changes.find((c: { memberId: number }) => c.memberId === Number(created.id));
    expect(change.changedByName).toBe('The directory (Entra ID provisioning)');
  });
});
