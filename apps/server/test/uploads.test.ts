import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@ovation/shared/schemas/admin-uploads';
import { emailOutbox, members, sessions, uploadRows } from '../src/db/schema/index.ts';
import { readMemberBalances } from '../src/modules/ledger/accounts.repository.ts';
import { transfer } from '../src/modules/ledger/transfer.ts';
import { verifyLedger } from '../src/modules/ledger/verify-ledger.ts';
import { setupApp } from './build-app.ts';
import { createMember, login, memberWithToken } from './factories.ts';
import { apply, checked, csv, postUpload, reverse, settled, xlsx } from './upload-helpers.ts';

const ctx = setupApp();
const POINTS_HEADER = ['Employee number', 'Points', 'Account', 'Reason'];
const MEMBERS_HEADER = [
  'Employee number',
  'First name',
  'Surname',
  'E-mail',
  'Cell number',
  'Division 1',
  'Division 2',
  'Division 3',
  'Country',
  'Unit',
  'Manager employee number',
  'Start date',
  'Birth date',
  'Roles',
  'Active',
];
const tag = () => randomBytes(3).toString('hex').toUpperCase();
const admin = async () => (await memberWithToken(ctx, { isAdminReports: true })).token;
const balances = (memberId: number) => readMemberBalances(ctx.app.db, memberId);

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
      [a.employeeNumber, 5_000_000, 'personal', 'x'],
      [a.employeeNumber, 5, 'savings', 'x'],
      [a.employeeNumber, 5, 'team', 'x'],
      [a.employeeNumber, 5, 'personal', ''],
      [a.employeeNumber, 5, 'personal', 'y'.repeat(201)],
      [gone.employeeNumber, 5, 'personal', 'x'],
    ]);
    const preview = await checked(ctx, token, 'points', { name: 'bad.csv', bytes: file });
    expect(preview.summary).toMatchObject({ rows: 11, valid: 0, refused: 11 });
    expect(preview.refusedRows.map((r: { reason: string }) => r.reason)).toEqual([
      'Employee number is empty',
      'Points is empty',
      'Points must be from 1 to 1,000,000',
      'Points “-5” is not a whole number above zero',
      'Points “2.5” is not a whole number above zero',
      'Points must be from 1 to 1,000,000',
      'Account “savings” must be personal or team',
      `Member ${a.employeeNumber} is not a manager, so has no team budget`,
      'Reason is empty',
      'Reason is longer than 200 characters',
      `Member ${gone.employeeNumber} is not active`,
    ]);
  });

  it('refuses the same file twice and says when it was applied; an apply replays by its key', async () => {
    const token = await admin();
    const a = await createMember(ctx.app);
    const bytes = csv([POINTS_HEADER, [a.employeeNumber, 7, 'personal', `Once ${tag()}`]]);
    const first = await checked(ctx, token, 'points', { name: 'once.csv', bytes });
    const key = `apply-${tag()}-key`;
    expect((await apply(ctx, token, first.uploadId, key)).statusCode).toBe(202);
    expect((await apply(ctx, token, first.uploadId, key)).json()).toEqual({
      uploadId: first.uploadId,
      status: 'applying',
    });
    await settled(ctx, token, first.uploadId);

    const again = await checked(ctx, token, 'points', { name: 'renamed.csv', bytes });
    expect(again.canApply).toBe(false);
    expect(again.duplicateOf).toMatchObject({ uploadId: first.uploadId });
    const refused = await apply(ctx, token, again.uploadId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/already applied on \d\d\/\d\d\/\d{4} \d\d:\d\d .*\(upload \d+\)/);
    expect((await balances(a.id)).awardsPointsAvailable).toBe(7);
  });

  it('reverses an upload with compensating transactions, and refuses naming the rows already spent', async () => {
    const token = await admin();
    const a = await createMember(ctx.app);
    const b = await createMember(ctx.app);
    const up = await checked(ctx, token, 'points', {
      name: 'rev.csv',
      bytes: csv([
        POINTS_HEADER,
        [a.employeeNumber, 50, 'personal', `R ${tag()}`],
        [b.employeeNumber, 30, 'personal', 'R'],
      ]),
    });
    await apply(ctx, token, up.uploadId);
    expect((await settled(ctx, token, up.uploadId)).canReverse).toBe(true);

    // b spends 10 of the 30.
    await transfer(ctx.app.db, {
      kind: 'payitforward',
      legs: [
        { member: { memberId: b.id, kind: 'points' }, amount: -10 },
        { member: { memberId: a.id, kind: 'points' }, amount: 10 },
      ],
    });
    const refused = await reverse(ctx, token, up.uploadId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain(`row 3 (${b.employeeNumber} holds 20 of the 30 uploaded)`);
    expect(refused.json().message).not.toContain('row 2 ');
    expect((await balances(a.id)).awardsPointsAvailable).toBe(60);

    // Once b holds the points again, the reversal takes back exactly what the upload gave.
    await transfer(ctx.app.db, {
      kind: 'payitforward',
      legs: [
        { member: { memberId: a.id, kind: 'points' }, amount: -10 },
        { member: { memberId: b.id, kind: 'points' }, amount: 10 },
      ],
    });
    const ok = await reverse(ctx, token, up.uploadId);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ uploadId: up.uploadId, status: 'reversed' });
    expect((await balances(a.id)).awardsPointsAvailable).toBe(0);
    expect((await balances(b.id)).awardsPointsAvailable).toBe(0);
    expect((await reverse(ctx, token, up.uploadId)).statusCode).toBe(409);
    const statement = (
      await ctx.request({ method: 'GET', url: '/api/statements/points', token: await login(ctx, b.email!) })
    ).json();
    expect(statement.lines.map((l: { description: string }) => l.description)).toContain('Points award reversed — R');
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('discards a checked upload; nothing moves', async () => {
    const token = await admin();
    const a = await createMember(ctx.app);
    const up = await checked(ctx, token, 'points', {
      name: 'd.csv',
      bytes: csv([POINTS_HEADER, [a.employeeNumber, 9, 'personal', 'D']]),
    });
    const res = await ctx.request({
      method: 'POST',
      url: `/api/admin/uploads/${up.uploadId}/discard`,
      token,
      payload: {},
    });
    expect(res.json()).toEqual({ uploadId: up.uploadId, status: 'discarded' });
    expect((await apply(ctx, token, up.uploadId)).statusCode).toBe(409);
    expect((await balances(a.id)).awardsPointsAvailable).toBe(0);
  });
});

describe('file problems are a 400, never a 500', () => {
  it('refuses a wrong type, a broken XLSX, an empty file, wrong columns and an oversize file', async () => {
    const token = await admin();
    const cases: [string, Buffer, RegExp][] = [
      ['picture.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), /csv or \.xlsx/i],
      ['broken.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(2000)]), /damaged/],
      ['renamed.xlsx', Buffer.from('Employee number,Points\n'), /not a valid XLSX/],
      ['empty.csv', Buffer.from(''), /Choose a file/],
      ['members.csv', csv([MEMBERS_HEADER]), /not a points file.*Missing: “Points”, “Account”, “Reason”/],
      ['binary.csv', Buffer.from([0, 1, 2, 3, 0, 0]), /not a CSV/],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await postUpload(ctx, token, 'points', { name, bytes });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors.file[0], name).toMatch(message);
    }
    // A truncated workbook: the zip directory is gone.
    const good = await xlsx([POINTS_HEADER, ['E1', 1, 'personal', 'x']]);
    const truncated = await postUpload(ctx, token, 'points', {
      name: 't.xlsx',
      bytes: good.subarray(0, good.length - 30),
    });
    expect(truncated.statusCode).toBe(400);
    const big = await postUpload(ctx, token, 'points', {
      name: 'big.csv',
      bytes: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x41),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors.file[0]).toMatch(/larger than 20 MB/);
    const noKind = await postUpload(ctx, token, 'salaries', { name: 'x.csv', bytes: csv([POINTS_HEADER]) });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().errors.kind).toEqual(['Choose members or points.']);
  });
});

describe('members uploads', () => {
  it('creates, updates and deactivates from an XLSX; managers may be later rows; new members register', async () => {
    const { token } = await memberWithToken(ctx, { roles: 'upl-mem' });
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
      [
        leaver.employeeNumber,
        leaver.firstName,
        leaver.surname,
        '',
        '',
        '',
        '',
        '',
        'South Africa',
        '',
        '',
        '',
        '',
        '',
        'no',
      ],
      row(`N${t}3`, 'Bad', 'not-an-email'),
      row(`N${t}4`, 'Orphan', `orphan.${t}@example.test`, 'NOBODY'),
      row(`N${t}1`, 'Twice', `twice.${t}@example.test`),
      row(`N${t}5`, 'Thief', known.email!),
      row(`N${t}6`, 'Dated', `dated.${t}@example.test`, '', 'yes', { 11: '31/02/2026' }),
      row(`N${t}7`, 'Roles', `roles.${t}@example.test`, '', 'yes', { 13: 'superuser' }),
      row(`N${t}8`, 'Maybe', `maybe.${t}@example.test`, '', 'perhaps'),
      row(`N${t}9`, 'NoMail', ''),
    ]);
    const preview = await checked(ctx, token, 'members', { name: 'joiners.xlsx', bytes: file });
    expect(preview.summary).toMatchObject({ rows: 12, valid: 4, refused: 8, created: 2, updated: 1, deactivated: 1 });
    expect(preview.refusedRows).toEqual([
      { row: 6, reason: 'E-mail “not-an-email” is not valid' },
      { row: 7, reason: 'Manager NOBODY is neither a member nor a valid row in this file' },
      { row: 8, reason: `Employee number N${t}1 is also on row 2` },
      { row: 9, reason: `E-mail ${known.email} belongs to member ${known.employeeNumber}` },
      { row: 10, reason: 'Start date “31/02/2026” is not a date (use dd/MM/yyyy)' },
      { row: 11, reason: 'Unknown role “superuser”' },
      { row: 12, reason: 'Active “perhaps” must be yes or no' },
      { row: 13, reason: 'A new member needs an e-mail address (they register with it)' },
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

describe('who may do what', () => {
  it('applies the role matrix to every operation', async () => {
    const pts = (await memberWithToken(ctx, { roles: 'upl-pts' })).token;
    const mem = (await memberWithToken(ctx, { roles: 'upl-mem' })).token;
    const nfy = (await memberWithToken(ctx, { roles: 'upl-mem-nfy,upl-pts-nfy' })).token;
    const memNfy = (await memberWithToken(ctx, { roles: 'upl-mem-nfy' })).token;
    const news = (await memberWithToken(ctx, { roles: 'news' })).token;
    const a = await createMember(ctx.app);
    const pointsFile = { name: 'm.csv', bytes: csv([POINTS_HEADER, [a.employeeNumber, 1, 'personal', `M ${tag()}`]]) };
    const membersFile = { name: 'm.csv', bytes: csv([MEMBERS_HEADER]) };

    expect((await postUpload(ctx, pts, 'members', membersFile)).statusCode).toBe(403);
    expect((await postUpload(ctx, mem, 'points', pointsFile)).statusCode).toBe(403);
    for (const t of [nfy, news]) {
      expect((await postUpload(ctx, t, 'points', pointsFile)).statusCode).toBe(403);
      expect((await postUpload(ctx, t, 'members', membersFile)).statusCode).toBe(403);
    }
    expect((await ctx.request({ method: 'GET', url: '/api/admin/uploads', token: news })).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/admin/uploads/templates/points', token: nfy })).statusCode,
    ).toBe(403);

    const up = await checked(ctx, pts, 'points', pointsFile);
    // upl-mem may not see, apply or discard a points upload; the notify role sees it read-only.
    expect(
      (await ctx.request({ method: 'GET', url: `/api/admin/uploads/${up.uploadId}`, token: mem })).statusCode,
    ).toBe(403);
    expect((await apply(ctx, mem, up.uploadId)).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/admin/uploads/${up.uploadId}`, token: memNfy })).statusCode,
    ).toBe(403);
    const seen = (await ctx.request({ method: 'GET', url: `/api/admin/uploads/${up.uploadId}`, token: nfy })).json();
    expect(seen).toMatchObject({ status: 'checked', canApply: false, canReverse: false });
    expect((await apply(ctx, nfy, up.uploadId)).statusCode).toBe(403);
    expect((await apply(ctx, pts, up.uploadId)).statusCode).toBe(202);
    await settled(ctx, pts, up.uploadId);
    // Only report administrators reverse.
    expect((await reverse(ctx, pts, up.uploadId)).statusCode).toBe(403);

    // Each role sees its own kinds on the report.
    const kindsSeen = async (token: string) =>
      new Set(
        (await ctx.request({ method: 'GET', url: '/api/admin/uploads', token }))
          .json()
          .uploads.map((u: { kind: string }) => u.kind),
      );
    expect(await kindsSeen(pts)).toEqual(new Set(['points']));
    expect([...(await kindsSeen(mem))].every((k) => k === 'members')).toBe(true);

    const template = await ctx.request({ method: 'GET', url: '/api/admin/uploads/templates/points', token: pts });
    expect(template.body.split('\r\n')[0]).toBe('Employee number,Points,Account,Reason');
    const membersTemplate = await ctx.request({
      method: 'GET',
      url: '/api/admin/uploads/templates/members',
      token: mem,
    });
    expect(membersTemplate.body.split('\r\n')[0]).toBe(MEMBERS_HEADER.join(','));
  });
});
