import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { divisions, emailOutbox, kudos, serviceBreaks } from '../../src/db/schema/index.ts';
import { findMissedTeamMembers } from '../../src/core/members/missed.repository.ts';
import { runWeeklyDigest } from '../../src/modules/notifications/digest.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createBehaviour, fund, relaxLimits, send } from '../support/ledger-factories.ts';

const PORTAL = 'https://recognition.acme.example';
const ctx = setupApp({ PUBLIC_URL: PORTAL });

/** A manager with four reports: one recognised today, one 40 days ago, one never, one who started last week. */
async function team() {
  const manager = await memberWithToken(ctx, { firstName: 'Mpho', surname: 'Manager', isManager: true });
  const of = (firstName: string, startDate = '2020-01-06') =>
    createMember(ctx.app, { firstName, surname: 'Report', managerId: manager.member.id, startDate });
  const recent = await of('Rea');
  const longAgo = await of('Lulu');
  const never = await of('Neo');
  const starter = await of('Sam', new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10));
  const leaver = await createMember(ctx.app, { firstName: 'Lee', managerId: manager.member.id, active: false });
  // On parental leave for part of the month: a break in service recorded over it.
  const away = await of('Ava');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await ctx.app.db.insert(serviceBreaks).values({ memberId: away.id, startsOn: day(-60), endsOn: day(-10) });
  const colleague = await memberWithToken(ctx, { firstName: 'Cole', surname: 'Colleague' });
  await relaxLimits(ctx.app);
  await fund(ctx.app, colleague.member.id, 100);
  const behaviour = await createBehaviour(ctx.app, `Teamwork ${manager.member.id}`);
  const sendTo = async (memberId: number) =>
    (
      await send(ctx, '/api/recognition/send', colleague.token, {
        toMemberIds: [memberId],
        behaviourId: behaviour.id,
        message: 'Thank you',
      })
    ).json().messageLogIds as number[];
  await sendTo(recent.id);
  const old = await sendTo(longAgo.id);
  await ctx.app.db
    .update(kudos)
    .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
    .where(inArray(kudos.id, old));
  return { manager, recent, longAgo, never, starter, leaver };
}

describe('team members who have been missed', () => {
  it('lists the reports with no recognition in 30 days, never-recognised first; starters, members on leave and leavers left out', async () => {
    const t = await team();
    const res = await ctx.request({
      method: 'GET',
      url: '/api/statements/team-budget/missed',
      token: t.manager.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.days).toBe(30);
    expect(body.members.map((m: { name: string }) => m.name)).toEqual(['Neo Report', 'Lulu Report']);
    expect(body.members[0]).toMatchObject({ memberId: t.never.id, lastRecognisedAt: null });
    expect(body.members[1].lastRecognisedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.members[0].division).toMatch(/^Division /);

    // Recognising one takes them off the list.
    expect((await findMissedTeamMembers(ctx.app.db, t.manager.member.id)).map((m) => m.memberId)).not.toContain(
      t.recent.id,
    );
  });

  it('is for managers only', async () => {
    const member = await memberWithToken(ctx, {});
    const res = await ctx.request({ method: 'GET', url: '/api/statements/team-budget/missed', token: member.token });
    expect(res.statusCode).toBe(403);
  });

  it('goes into the manager’s weekly digest with a one-click Recognise link for each', async () => {
    const t = await team();
    await runWeeklyDigest({ db: ctx.app.db, log: ctx.app.log, publicUrl: PORTAL });
    const [mail] = await ctx.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, t.manager.member.email!), eq(emailOutbox.kind, 'weekly-digest')));
    expect(mail!.bodyText).toContain('Not recognised in the last 30 days: 2 members of your team.');
    expect(mail!.bodyText).toContain(`- Neo Report: recognise them at ${PORTAL}/recognise/${t.never.id}`);
    expect(mail!.bodyText).toContain(`- Lulu Report: recognise them at ${PORTAL}/recognise/${t.longAgo.id}`);
    expect(mail!.bodyText).toContain(`${PORTAL}/managementstatement`);
    expect(mail!.bodyText).not.toContain('Sam Report');
  });

  it('counts each division’s missed members on the dashboard, and names no division under five', async () => {
    const division = async (name: string, level: number, parentId: number | null = null) =>
      (await ctx.app.db.insert(divisions).values({ name, level, parentId }).returning())[0]!;
    const big = await division(`Advisory ${Date.now()}`, 1);
    const bigTeam = await division('Advisory team', 3, (await division('Advisory unit', 2, big.id)).id);
    const small = await division(`Legal ${Date.now()}`, 1);
    const smallTeam = await division('Legal team', 3, (await division('Legal unit', 2, small.id)).id);
    const add = (divisionId: number, n: number) =>
      Promise.all(Array.from({ length: n }, () => createMember(ctx.app, { divisionId, startDate: '2019-03-01' })));
    const [first] = await add(bigTeam.id, 6);
    await add(smallTeam.id, 4);
    const colleague = await memberWithToken(ctx, {});
    await relaxLimits(ctx.app);
    await fund(ctx.app, colleague.member.id, 100);
    const behaviour = await createBehaviour(ctx.app, `Quality ${big.id}`);
    const sent = await send(ctx, '/api/recognition/send', colleague.token, {
      toMemberIds: [first!.id],
      behaviourId: behaviour.id,
      message: 'Well done',
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const rep = await memberWithToken(ctx, { roles: 'rep' });
    const res = await ctx.request({ method: 'GET', url: '/api/reports/dashboard', token: rep.token });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().equity.missedByDivision as { divisionId: number; members: number; missed: number }[];
    expect(rows.find((r) => r.divisionId === big.id)).toMatchObject({ division: big.name, members: 6, missed: 5 });
    expect(rows.find((r) => r.divisionId === small.id)).toBeUndefined();
  });
});
