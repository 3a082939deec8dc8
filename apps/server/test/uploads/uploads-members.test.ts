import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, roleChanges, sessions } from '../../src/db/schema/index.ts';
import { transfer } from '../../src/core/ledger/transfer.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { MEMBERS_HEADER, memberRow, setupUploads, tag } from '../support/upload-fixtures.ts';
import { apply, checked, settled, xlsx } from '../support/upload-helpers.ts';

/** A members upload creates, updates and deactivates. Who may change what by upload: uploads-members-powers.test.ts. */
const { ctx, balances } = setupUploads();

describe('members uploads', () => {
  it('creates, updates and deactivates from an XLSX; managers may be later rows; new members register', async () => {
    // A report administrator: the only uploader whose file may grant roles (decision 0070).
    const { member: uploader, token } = await memberWithToken(ctx, { isAdminReports: true });
    const t = tag();
    const known = await createMember(ctx.app, { firstName: 'Old' });
    const { member: leaver, token: leaverToken } = await memberWithToken(ctx);
    await transfer(ctx.app.db, {
      kind: 'issuance',
      legs: [
        { system: 'issuance', amount: -40 },
        { member: { memberId: leaver.id, kind: 'points' }, amount: 40 },
      ],
    });
    const row = (
      e: string,
      first: string,
      email: string,
      manager = '',
      active = 'yes',
      extra: Partial<Record<number, string | Date>> = {},
    ) => {
      const r: (string | Date)[] = [
        e,
        first,
        'Upload',
        email,
        '+27 82 555 0101',
        'Assurance',
        'Audit',
        `Audit ${t}`,
        'South Africa',
        'AUD',
        manager,
        '01/02/2026',
        '1994-03-14',
        '',
        active,
      ];
      for (const [i, v] of Object.entries(extra)) r[Number(i)] = v!;
      return r;
    };
    const file = await xlsx([
      MEMBERS_HEADER,
      row(`N${t}1`, 'Newbie', `newbie.${t}@example.test`, `N${t}2`), // manager is the next row
      row(`N${t}2`, 'Boss', `boss.${t}@example.test`, '', 'yes', { 13: 'rep' }),
      row(known.employeeNumber, 'Renamed', known.email!),
      memberRow(leaver, { email: '', active: 'no' }),
      row(`N${t}3`, 'Bad', 'not-an-email'),
      row(`N${t}4`, 'Orphan', `orphan.${t}@example.test`, 'NOBODY'),
      row(`N${t}1`, 'Twice', `twice.${t}@example.test`),
      row(`N${t}5`, 'Thief', known.email!),
      row(`N${t}6`, 'Dated', `dated.${t}@example.test`, '', 'yes', { 11: '31/02/2026' }),
      row(`N${t}7`, 'Roles', `roles.${t}@example.test`, '', 'yes', { 13: 'superuser' }),
      row(`N${t}8`, 'Maybe', `maybe.${t}@example.test`, '', 'perhaps'),
      row(`N${t}9`, 'NoMail', ''),
      row(`N${t}A`, 'Phone', `phone.${t}@example.test`, '', 'yes', { 4: 'call me maybe' }),
    ]);
    const preview = await checked(ctx, token, 'members', { name: 'joiners.xlsx', bytes: file });
    expect(preview.summary).toMatchObject({ rows: 13, valid: 4, refused: 9, created: 2, updated: 1, deactivated: 1 });
    expect(preview.refusedRows).toEqual([
      { row: 6, reason: 'E-mail “not-an-email” is not valid' },
      { row: 7, reason: 'Manager NOBODY is neither a member nor a valid row in this file' },
      { row: 8, reason: `Employee number N${t}1 is also on row 2` },
      { row: 9, reason: `E-mail ${known.email} belongs to member ${known.employeeNumber}` },
      { row: 10, reason: 'Start date “31/02/2026” is not a date (use dd/MM/yyyy)' },
      { row: 11, reason: 'Unknown role “superuser”' },
      { row: 12, reason: 'Active “perhaps” must be yes or no' },
      { row: 13, reason: 'A new member needs an e-mail address (they register with it)' },
      {
        row: 14,
        reason:
          'Cell number “call me maybe”: Cell number may hold only digits, spaces, brackets, dashes and a leading +',
      },
    ]);

    expect((await apply(ctx, token, preview.uploadId)).statusCode).toBe(202);
    expect((await settled(ctx, token, preview.uploadId)).status).toBe('applied');

    const [newbie] = await ctx.app.db
      .select()
      .from(members)
      .where(eq(members.employeeNumber, `N${t}1`));
    const [boss] = await ctx.app.db
      .select()
      .from(members)
      .where(eq(members.employeeNumber, `N${t}2`));
    expect(newbie).toMatchObject({
      firstName: 'Newbie',
      managerId: boss!.id,
      startDate: '2026-02-01',
      birthDate: '1994-03-14',
    });
    expect(boss).toMatchObject({ isManager: true, roles: 'rep' });
    // The grant is in the roles history, as one made on the roles report.
    expect(await ctx.app.db.select().from(roleChanges).where(eq(roleChanges.memberId, boss!.id))).toEqual([
      expect.objectContaining({
        changedBy: uploader.id,
        before: { roles: [], isAdminReports: false },
        after: { roles: ['rep'], isAdminReports: false },
      }),
    ]);
    const [renamed] = await ctx.app.db.select().from(members).where(eq(members.id, known.id));
    expect(renamed!.firstName).toBe('Renamed');

    // The leaver: inactive, signed out, balance kept, hidden from pickers.
    const [gone] = await ctx.app.db.select().from(members).where(eq(members.id, leaver.id));
    expect(gone!.active).toBe(false);
    const live = await ctx.app.db
      .select()
      .from(sessions)
      .where(sql`${sessions.memberId} = ${leaver.id} and ${sessions.revokedAt} is null`);
    expect(live).toHaveLength(0);
    expect(
      (await ctx.request({ method: 'POST', url: '/api/spa/loadsession', token: leaverToken, payload: {} })).statusCode,
    ).toBe(401);
    expect((await balances(leaver.id)).awardsPointsAvailable).toBe(40);

    // A new member claims their account through /register.
    const registered = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { employeeNumber: `N${t}1`, email: `newbie.${t}@example.test`, password: 'Correct-horse-42' },
    });
    expect(registered.statusCode).toBe(200);
  });
});
