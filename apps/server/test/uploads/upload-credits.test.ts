import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, notifications } from '../../src/db/schema/index.ts';
import type { LiveEvent } from '../../src/core/live/live-bus.ts';
import { readMemberBalances } from '../../src/core/ledger/accounts.repository.ts';
import { applyUpload } from '../../src/modules/uploads/apply-upload.ts';
import { SendRateLimiter } from '../../src/core/sends/send-limits.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { faultyTransactions, type Fault } from '../support/faulty-db.ts';
import { setSetting } from '../support/ledger-factories.ts';
import { apply, checked, csv, settled } from '../support/upload-helpers.ts';
import { ProgrammeSettings } from '../../src/core/settings/programme-settings.ts';

const ctx = setupApp();
const HEADER = ['Employee number', 'Points', 'Account', 'Reason'];

const bellOf = (memberId: number) =>
  ctx.app.db
    .select({
      kind: notifications.kind,
      points: notifications.points,
      teamPoints: notifications.teamPoints,
      actor: notifications.actorMemberId,
    })
    .from(notifications)
    .where(eq(notifications.memberId, memberId));
const mailTo = (address: string) =>
  ctx.app.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, 'points-credited')));

describe('members credited by a points upload are told (decision 0044)', () => {
  it('one bell row and one e-mail per credited member, however many rows were theirs; opt-outs kept', async () => {
    await setSetting(ctx.app, 'pointsName', 'Stars');
    const uploader = await memberWithToken(ctx, { roles: 'upl-pts', firstName: 'Upload', surname: 'Person' });
    const sipho = await createMember(ctx.app, { firstName: 'Sipho' });
    const nomsa = await createMember(ctx.app, { firstName: 'Nomsa', isManager: true });
    const quiet = await memberWithToken(ctx, { firstName: 'Quiet' });
    const bystander = await createMember(ctx.app);
    const prefs = await ctx.request({
      method: 'PUT',
      url: '/api/profile/preferences',
      token: quiet.token,
      payload: {
        email: { recognised: true, high5: true, points: false, reaction: true },
        weeklyDigest: true,
        hideCelebrations: false,
      },
    });
    expect(prefs.statusCode).toBe(200);
    const rows: (string | number)[][] = [HEADER];
    for (let i = 1; i <= 7; i++) rows.push([sipho.employeeNumber, 100 * i, 'personal', `Shift ${i}`]);
    rows.push([nomsa.employeeNumber, 1500, 'team', 'Q4 budget']);
    rows.push([nomsa.employeeNumber, 40, 'personal', 'Safety award']);
    rows.push([quiet.member.employeeNumber, 25, 'personal', 'Quiet bonus']);
    // A refused row credits nobody and tells nobody.
    rows.push([bystander.employeeNumber, 'ten', 'personal', 'Not a number']);
    const preview = await checked(ctx, uploader.token, 'points', { name: 'year-end.csv', bytes: csv(rows) });
    expect(preview.summary).toMatchObject({ valid: 10, refused: 1 });
    const events: LiveEvent[] = [];
    const stop = ctx.app.liveBus.subscribe((event) => events.push(event));
    expect((await apply(ctx, uploader.token, preview.uploadId)).statusCode).toBe(202);
    expect((await settled(ctx, uploader.token, preview.uploadId)).status).toBe('applied');
    stop();
    // Their open bells are told, after the commit: one event naming the members credited.
    expect(events.filter((e) => e.type === 'notification')).toEqual([
      {
        type: 'notification',
        data: {},
        forMemberIds: [sipho.id, nomsa.id, quiet.member.id].sort((a, b) => a - b),
      },
    ]);

    const upload = { kind: 'upload', teamPoints: 0, actor: uploader.member.id };
    expect(await bellOf(sipho.id)).toEqual([{ ...upload, points: 2800 }]);
    // The bell tells the team budget's part apart from the manager's own points.
    expect(await bellOf(nomsa.id)).toEqual([{ ...upload, points: 1540, teamPoints: 1500 }]);
    expect(await bellOf(quiet.member.id)).toEqual([{ ...upload, points: 25 }]);
    expect(await bellOf(bystander.id)).toEqual([]);

    const [siphoMail, ...more] = await mailTo(sipho.email!);
    expect(more).toEqual([]);
    expect(siphoMail!.subject).toBe('You received 2 800 Stars');
    expect(siphoMail!.bodyText).toBe(
      [
        'Hi Sipho,',
        '',
        'You received 2 800 Stars in a points upload:',
        '',
        '- 100 Stars: Shift 1',
        '- 200 Stars: Shift 2',
        '- 300 Stars: Shift 3',
        '- 400 Stars: Shift 4',
        '- 500 Stars: Shift 5',
        '- and 2 more',
        '',
        'Your balance is in the portal.',
      ].join('\n'),
    );
    const [nomsaMail] = await mailTo(nomsa.email!);
    expect(nomsaMail!.bodyText).toContain(
      'You received 1 540 Stars in a points upload (40 for you, 1 500 in your team budget):',
    );
    expect(nomsaMail!.bodyText).toContain('- 1 500 Stars to your team budget: Q4 budget\n- 40 Stars: Safety award');
    // Opted out of "I receive points" e-mail: the bell only.
    expect(await mailTo(quiet.member.email!)).toEqual([]);
    expect(await mailTo(bystander.email!)).toEqual([]);

    // The bell says it, with who applied the file.
    const quietBell = (await ctx.request({ method: 'GET', url: '/api/notifications', token: quiet.token })).json();
    expect(quietBell).toMatchObject({ unread: 1, items: [{ kind: 'upload', points: 25, actorName: 'Upload Person' }] });
  });

  it('an apply that rolls back tells no one; the apply that commits tells each member once', async () => {
    const uploader = await memberWithToken(ctx, { roles: 'upl-pts' });
    // An administrator asked for upload notices: their e-mail is queued after the members' in the
    // same transaction, and it is where the fault strikes.
    await createMember(ctx.app, { roles: 'upl-pts-nfy' });
    const people = await Promise.all([createMember(ctx.app), createMember(ctx.app)]);
    const rows: (string | number)[][] = [HEADER];
    for (let i = 0; i < 6; i++) rows.push([people[i % 2]!.employeeNumber, 5, 'personal', `Row ${i}`]);
    const up = await checked(ctx, uploader.token, 'points', { name: 'rollback.csv', bytes: csv(rows) });
    await ctx.app.db.execute(sql`update uploads set status = 'applying' where id = ${up.uploadId}`);
    const fault: Fault = { insertInto: emailOutbox };
    const deps = {
      db: ctx.app.db,
      transactions: faultyTransactions(ctx.app.database.transactions, fault),
      log: ctx.app.log,
      limiter: new SendRateLimiter(),
      publish: () => undefined,
      settings: ProgrammeSettings.fromDatabase(ctx.app.db),
    };
    const run = () => applyUpload({ deps, publicUrl: 'http://localhost', progress: () => undefined }, up.uploadId);
    await expect(run()).rejects.toThrow('injected failure');
    const ids = people.map((p) => p.id);
    expect(await ctx.app.db.select().from(notifications).where(inArray(notifications.memberId, ids))).toEqual([]);
    for (const p of people) {
      expect(await mailTo(p.email!)).toEqual([]);
      expect((await readMemberBalances(ctx.app.db, p.id)).awardsPointsAvailable).toBe(0);
    }

    fault.insertInto = null;
    await run();
    // Resumed again (another instance): the upload is applied, so nothing more is told.
    await run();
    for (const p of people) {
      expect((await readMemberBalances(ctx.app.db, p.id)).awardsPointsAvailable).toBe(15);
      expect(await bellOf(p.id)).toEqual([{ kind: 'upload', points: 15, teamPoints: 0, actor: uploader.member.id }]);
      expect(await mailTo(p.email!)).toHaveLength(1);
    }
  });
});
