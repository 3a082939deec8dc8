import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, kudos } from '../../src/db/schema/index.ts';
import { digestWeek, runWeeklyDigest } from '../../src/modules/notifications/digest.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createKudos } from '../support/feed-factories.ts';
import { createBehaviour, fund, relaxLimits, send, setSetting } from '../support/ledger-factories.ts';

const PORTAL = 'https://recognition.acme.example';
const ctx = setupApp({ PUBLIC_URL: PORTAL });
const NOW = new Date('2026-11-25T09:00:00Z'); // a Wednesday: the digest is about 16–22 November
const deps = () => ({ db: ctx.app.db, log: ctx.app.log, publicUrl: PORTAL });

const digestsTo = (address: string) =>
  ctx.app.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, 'weekly-digest')));

const unsubscribe = (token: unknown, xsrf = true) =>
  ctx.request({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token } as object, xsrf });
const preferences = async (token: string) =>
  (await ctx.request({ method: 'GET', url: '/api/profile/preferences', token })).json();

/** Moves these kudos items into the digest's week. */
async function intoLastWeek(ids: number[]) {
  await ctx.app.db
    .update(kudos)
    .set({ createdAt: new Date('2026-11-18T10:00:00Z') })
    .where(inArray(kudos.id, ids));
}

/** A manager, their report who was recognised and given points last week, and the colleague who did it. */
async function lastWeeksKudos() {
  const manager = await memberWithToken(ctx, { firstName: 'Nomsa', surname: 'Dlamini', isManager: true });
  const report = await memberWithToken(ctx, { firstName: 'Sipho', surname: 'Mokoena', managerId: manager.member.id });
  const colleague = await memberWithToken(ctx, { firstName: 'Thandi', surname: 'Nkosi' });
  const behaviour = await createBehaviour(ctx.app, `Customer First ${report.member.id}`);
  await fund(ctx.app, colleague.member.id, 100);
  const recognition = await send(ctx, '/api/recognition/send', colleague.token, {
    toMemberIds: [report.member.id],
    behaviourId: behaviour.id,
    message: 'Great work',
  });
  const pif = await send(ctx, '/api/payitforward/send', colleague.token, {
    toMemberId: report.member.id,
    points: 30,
    message: 'Thanks',
  });
  await intoLastWeek([...recognition.json().messageLogIds, ...pif.json().messageLogIds]);
  return { manager, report, colleague, behaviour };
}

describe('digestWeek', () => {
  it('is the last full week, Monday to Monday (UTC)', () => {
    expect(digestWeek(NOW)).toEqual({
      weekStart: '2026-11-16',
      from: new Date('2026-11-16T00:00:00Z'),
      to: new Date('2026-11-23T00:00:00Z'),
    });
    expect(digestWeek(new Date('2026-11-23T00:00:00Z')).weekStart).toBe('2026-11-16');
    expect(digestWeek(new Date('2026-11-22T23:59:59Z')).weekStart).toBe('2026-11-09');
  });
});

describe('the weekly digest', () => {
  it('tells a member what they received and a manager what their team received, once a week', async () => {
    await setSetting(ctx.app, 'pointsName', 'Stars');
    await relaxLimits(ctx.app);
    const { manager, report, colleague, behaviour } = await lastWeeksKudos();
    expect(await runWeeklyDigest(deps(), NOW)).toBeGreaterThanOrEqual(2);

    const [mine] = await digestsTo(report.member.email!);
    expect(mine!.subject).toBe('Your week in recognition: you received 2 kudos');
    expect(mine!.bodyText).toContain('Your week in recognition, 16/11/2026 to 22/11/2026.');
    expect(mine!.bodyText).toContain('You received 2 kudos and 30 Stars:');
    expect(mine!.bodyText).toContain(`- Thandi Nkosi recognised you for ${behaviour.name}`);
    expect(mine!.bodyText).toContain('- Thandi Nkosi paid it forward to you (30 Stars)');
    expect(mine!.bodyText).not.toContain('Your team');
    expect(mine!.bodyText).toMatch(new RegExp(`${PORTAL}/unsubscribe\\?token=${report.member.id}\\.[\\w-]{43}`));

    const [team] = await digestsTo(manager.member.email!);
    expect(team!.subject).toBe('Your week in recognition: your team');
    expect(team!.bodyText).toContain('Your team: 1 member received 2 kudos and 30 Stars:');
    expect(team!.bodyText).toContain(`- Thandi Nkosi recognised Sipho Mokoena for ${behaviour.name}`);

    // Nothing received, nothing sent; and a second run that week sends nobody anything.
    expect(await digestsTo(colleague.member.email!)).toHaveLength(0);
    expect(await runWeeklyDigest(deps(), NOW)).toBe(0);
    expect(await digestsTo(report.member.email!)).toHaveLength(1);
  });

  it('lists the newest five and counts the whole week: a large team reads five lines and its totals', async () => {
    const manager = await memberWithToken(ctx, { firstName: 'Lindiwe', surname: 'Zulu', isManager: true });
    const reports = await Promise.all(
      [1, 2, 3].map((i) => createMember(ctx.app, { firstName: `Report${i}`, managerId: manager.member.id })),
    );
    const colleague = await createMember(ctx.app, { firstName: 'Bongani', surname: 'Sithole' });
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const item = await createKudos(ctx.app, colleague.id, reports[i % 3]!.id);
      ids.push(item.id);
    }
    await intoLastWeek(ids);
    await runWeeklyDigest(deps(), NOW);
    const [team] = await digestsTo(manager.member.email!);
    expect(team!.bodyText).toContain('Your team: 3 members received 8 kudos:');
    const lines = team!.bodyText!.split('\n').filter((line) => line.startsWith('- '));
    // The newest first: the eighth went to the second report.
    expect(lines).toEqual([
      '- Bongani Sithole sent Report2 ' + reports[1]!.surname + ' a High Five',
      ...lines.slice(1, 5),
      '- and 3 more',
    ]);
    expect(lines.slice(0, 5).every((line) => line.startsWith('- Bongani Sithole sent Report'))).toBe(true);
  });

  it('is not sent to a member who turned it off', async () => {
    const sender = await memberWithToken(ctx);
    const quiet = await memberWithToken(ctx);
    await ctx.request({
      method: 'PUT',
      url: '/api/profile/preferences',
      token: quiet.token,
      payload: {
        email: { recognised: true, high5: true, points: true, reaction: true },
        weeklyDigest: false,
        hideCelebrations: false,
      },
    });
    const h5 = await send(ctx, '/api/high5/send', sender.token, { toMemberId: quiet.member.id, message: 'Hi' });
    await intoLastWeek(h5.json().messageLogIds);
    await runWeeklyDigest(deps(), new Date('2026-11-26T09:00:00Z'));
    expect(await digestsTo(quiet.member.email!)).toHaveLength(0);
  });
});

describe('POST /api/notifications/unsubscribe (the link in the digest)', () => {
  it('turns off the digest of that member only, once; a second use says so harmlessly', async () => {
    const { manager, report } = await lastWeeksKudos();
    await runWeeklyDigest(deps(), NOW);
    const link = /\/unsubscribe\?token=([\w.-]+)/.exec((await digestsTo(report.member.email!))[0]!.bodyText)!;
    const token = link[1]!;

    const first = await unsubscribe(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      alreadyOff: false,
      message: 'You will no longer receive the weekly digest. You can turn it on again under My Profile.',
    });
    expect((await preferences(report.token)).weeklyDigest).toBe(false);
    // Nothing else of theirs changed, and nobody else's digest.
    expect((await preferences(report.token)).email).toEqual({
      recognised: true,
      high5: true,
      points: true,
      reaction: true,
    });
    expect((await preferences(manager.token)).weeklyDigest).toBe(true);

    const again = await unsubscribe(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      alreadyOff: true,
      message: 'The weekly digest was already off. Nothing has changed.',
    });
  });

  it('refuses a forged or altered token with a clear message, and needs the XSRF token', async () => {
    const { manager, report } = await lastWeeksKudos();
    await runWeeklyDigest(deps(), NOW);
    const token = /\/unsubscribe\?token=([\w.-]+)/.exec((await digestsTo(report.member.email!))[0]!.bodyText)![1]!;
    const [, mac] = token.split('.');
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const flipped = `${mac![0] === 'A' ? 'B' : 'A'}${mac!.slice(1)}`;
    // The same bytes spelt differently: the last character's two spare bits set.
    const respelt = `${mac!.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(mac!.at(-1)!) ^ 1]}`;
    const refused = [
      `${manager.member.id}.${mac}`, // another member's id with this member's signature
      `${report.member.id}.${flipped}`,
      `${report.member.id}.${respelt}`,
      `${report.member.id}`,
      'not-a-token',
      `99999999.${mac}`,
    ];
    for (const bad of refused) {
      const res = await unsubscribe(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'This unsubscribe link is not valid. Use the whole link from the e-mail, or sign in and turn these e-mails off under My Profile.',
      );
    }
    expect((await unsubscribe('')).statusCode).toBe(400);
    expect((await unsubscribe(token, false)).statusCode).toBe(403);
    expect((await preferences(manager.token)).weeklyDigest).toBe(true);
    expect((await preferences(report.token)).weeklyDigest).toBe(true);
  });

  it('a member without a digest row yet (defaults) is turned off too', async () => {
    const member = await createMember(ctx.app);
    const { mailLinkKey, unsubscribeToken } = await import('../../src/core/mail/unsubscribe-token.ts');
    const token = unsubscribeToken(await mailLinkKey(ctx.app.db), member.id);
    expect((await unsubscribe(token)).json().alreadyOff).toBe(false);
    expect((await unsubscribe(token)).json().alreadyOff).toBe(true);
  });
});

describe('the weekly digest run', () => {
  it('lets the server answer between members: the embedded database alone never yields to I/O', async () => {
    await relaxLimits(ctx.app);
    await lastWeeksKudos(); // a manager and a report are due their digest
    const order: string[] = [];
    const run = runWeeklyDigest(deps(), new Date('2026-11-25T10:00:00Z')).then((n) => order.push(`queued ${n}`));
    // A macrotask scheduled as the run starts, as a request arriving would be: it runs before the
    // run ends. On PGlite a run of 200 members once kept the server from answering for 14 s.
    setImmediate(() => order.push('a request was answered'));
    await run;
    expect(order[0]).toBe('a request was answered');
    expect(order[1]).toMatch(/^queued [1-9]/);
  });
});
