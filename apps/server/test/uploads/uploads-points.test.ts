import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, uploadRows } from '../../src/db/schema/index.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { createMember, login, memberWithToken } from '../support/factories.ts';
import { POINTS_HEADER, setupUploads, tag } from '../support/upload-fixtures.ts';
import { apply, checked, csv, settled } from '../support/upload-helpers.ts';

/** A points upload checked, applied through the ledger and reported. Refused applies: uploads-points-stale.test.ts; undoing: uploads-points-undo.test.ts. */
const { ctx, admin, balances } = setupUploads();

describe('points uploads', () => {
  it('checks a CSV, previews it with the refused rows named, applies it through the ledger and reports it', async () => {
    const { token } = await memberWithToken(ctx, { roles: 'upl-pts' });
    const notified = await createMember(ctx.app, { roles: 'upl-pts-nfy' });
    const a = await createMember(ctx.app);
    const mgr = await createMember(ctx.app, { isManager: true });
    const file = csv([
      POINTS_HEADER,
      [a.employeeNumber, 100, 'personal', 'Year-end bonus'],
      ['NOPE-1', 5, 'personal', 'Unknown member'],
      [mgr.employeeNumber, '1,500', 'Team', 'Q4 budget'],
      [a.employeeNumber, 'ten', 'personal', 'Not a number'],
      [a.employeeNumber, 20, 'personal', 'Second credit'],
    ]);
    const preview = await checked(ctx, token, 'points', { name: 'bonus.csv', bytes: file });
    expect(preview).toMatchObject({
      status: 'checked',
      kind: 'points',
      fileName: 'bonus.csv',
      canApply: true,
      canReverse: false,
      summary: { rows: 5, valid: 3, refused: 2, personalPoints: 120, teamPoints: 1500, members: 2 },
      progress: { done: 5 },
    });
    expect(preview.refusedRows).toEqual([
      { row: 3, reason: 'No member has employee number “NOPE-1”' },
      { row: 5, reason: 'Points “ten” is not a whole number above zero' },
    ]);

    const res = await apply(ctx, token, preview.uploadId);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ uploadId: preview.uploadId, status: 'applying' });
    const done = await settled(ctx, token, preview.uploadId);
    expect(done.status).toBe('applied');
    expect(done.appliedAt).toEqual(expect.any(String));
    expect((await balances(a.id)).awardsPointsAvailable).toBe(120);
    expect((await balances(mgr.id)).awardsPointsAvailableMng).toBe(1500);

    // Each row is traceable to its ledger transaction, and the statement says why.
    const links = await ctx.app.db
      .select({ row: uploadRows.rowNum, tx: uploadRows.transactionId })
      .from(uploadRows)
      .where(eq(uploadRows.uploadId, preview.uploadId));
    expect(links.filter((l) => l.tx !== null).map((l) => l.row)).toEqual([2, 4, 6]);
    const statement = (
      await ctx.request({ method: 'GET', url: '/api/statements/points', token: await login(ctx, a.email!) })
    ).json();
    expect(statement.lines.map((l: { description: string }) => l.description)).toEqual(
      expect.arrayContaining(['Points awarded — Year-end bonus', 'Points awarded — Second credit']),
    );

    // The notify role holder was e-mailed the summary; the ledger is clean.
    const mails = await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, notified.email!));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.bodyText).toContain('Rows refused: 2');
    expect(mails[0]!.bodyText).toContain('Team budget points: 1 500');
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);

    // The report lists it; the refused rows download as CSV.
    const report = (await ctx.request({ method: 'GET', url: '/api/admin/uploads', token })).json();
    expect(report.uploads[0]).toMatchObject({ uploadId: preview.uploadId, status: 'applied', rows: 5, refused: 2 });
    const refusedCsv = await ctx.request({
      method: 'GET',
      url: `/api/admin/uploads/${preview.uploadId}/refused`,
      token,
    });
    expect(refusedCsv.headers['content-type']).toContain('text/csv');
    expect(refusedCsv.body.split('\r\n').slice(0, 2)).toEqual([
      'Row,Reason',
      '3,No member has employee number “NOPE-1”',
    ]);
  });

  it('names every kind of bad row', async () => {
    const token = await admin();
    const a = await createMember(ctx.app);
    const gone = await createMember(ctx.app, { active: false });
    const file = csv([
      POINTS_HEADER,
      ['', 5, 'personal', 'x'],
      [a.employeeNumber, '', 'personal', 'x'],
      [a.employeeNumber, 0, 'personal', 'x'],
      [a.employeeNumber, -5, 'personal', 'x'],
      [a.employeeNumber, 2.5, 'personal', 'x'],
      [a.employeeNumber, '1,5', 'personal', 'x'],
      [a.employeeNumber, '10,00', 'personal', 'x'],
      [a.employeeNumber, 5_000_000, 'personal', 'x'],
      [a.employeeNumber, 5, 'savings', 'x'],
      [a.employeeNumber, 5, 'team', 'x'],
      [a.employeeNumber, 5, 'personal', ''],
      [a.employeeNumber, 5, 'personal', 'y'.repeat(201)],
      [gone.employeeNumber, 5, 'personal', 'x'],
    ]);
    const preview = await checked(ctx, token, 'points', { name: 'bad.csv', bytes: file });
    expect(preview.summary).toMatchObject({ rows: 13, valid: 0, refused: 13 });
    expect(preview.refusedRows.map((r: { reason: string }) => r.reason)).toEqual([
      'Employee number is empty',
      'Points is empty',
      'Points must be from 1 to 1 000 000',
      'Points “-5” is not a whole number above zero',
      'Points “2.5” is not a whole number above zero',
      'Points “1,5” is not a whole number above zero',
      'Points “10,00” is not a whole number above zero',
      'Points must be from 1 to 1 000 000',
      'Account “savings” must be personal or team',
      `Member ${a.employeeNumber} is not a manager, so has no team budget`,
      'Reason is empty',
      'Reason is longer than 200 characters',
      `Member ${gone.employeeNumber} is not active`,
    ]);
  });

  it('no uploader credits themselves: their rows are refused at the check, and a file that credits the applier is theirs to leave', async () => {
    const first = await memberWithToken(ctx, { roles: 'upl-pts', isManager: true });
    const second = await memberWithToken(ctx, { roles: 'upl-pts' });
    const a = await createMember(ctx.app);
    const own = await checked(ctx, first.token, 'points', {
      name: 'mine.csv',
      bytes: csv([
        POINTS_HEADER,
        [first.member.employeeNumber, 500, 'personal', 'Mine'],
        [first.member.employeeNumber, 500, 'team', 'My team'],
        [a.employeeNumber, 5, 'personal', 'Fair'],
      ]),
    });
    expect(own.refusedRows).toEqual([
      { row: 2, reason: 'You cannot upload points to yourself; ask another uploader' },
      { row: 3, reason: 'You cannot upload points to yourself; ask another uploader' },
    ]);
    // The first uploader's file credits the second: the second may not apply it; the first may.
    const theirs = await checked(ctx, first.token, 'points', {
      name: 'second.csv',
      bytes: csv([POINTS_HEADER, [second.member.employeeNumber, 50, 'personal', `For ${tag()}`]]),
    });
    const refused = await apply(ctx, second.token, theirs.uploadId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This file credits you: another uploader must apply it.');
    expect((await balances(second.member.id)).awardsPointsAvailable).toBe(0);
    expect((await apply(ctx, first.token, theirs.uploadId)).statusCode).toBe(202);
    expect((await settled(ctx, first.token, theirs.uploadId)).status).toBe('applied');
    expect((await balances(second.member.id)).awardsPointsAvailable).toBe(50);
  });
});
