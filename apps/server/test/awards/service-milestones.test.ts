import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { runServiceMilestones } from '../../src/modules/milestones/milestone-job.ts';
import { setupApp, type TestContext } from '../support/build-app.ts';
import { createMember, login, memberWithToken } from '../support/factories.ts';
import { balancesOf, emailsTo, setSetting } from '../support/ledger-factories.ts';

// Its own database: the milestones here are the only ones, so the job's counts are exact.
const ctx = setupApp();

const SETTINGS = {
  enabled: true,
  milestones: [
    { years: 5, points: 500, form: 'points', giftName: '', giftValueRand: 0 },
    { years: 15, points: 0, form: 'gift', giftName: 'A watch', giftValueRand: 6000 },
  ],
  randPerPoint: 0.1,
  noticeDays: 30,
};

const deps = (c: TestContext) => ({ ...c.app.sendServices, log: c.app.log });
const run = (today: string) => runServiceMilestones(deps(ctx), today);
const bellOf = async (c: TestContext, token: string) =>
  (await c.request({ method: 'GET', url: '/api/notifications', token })).json();
const card = (token: string, id: number) => ctx.request({ method: 'GET', url: `/api/milestones/${id}`, token });

describe('service milestones (a controllable clock)', () => {
  it('tells the manager 30 days ahead, takes colleagues’ messages, and posts once on the Friday before a Sunday', async () => {
    await setSetting(ctx.app, 'serviceAwards', SETTINGS);
    const manager = await createMember(ctx.app, { firstName: 'Mo', surname: 'Manager', isManager: true });
    // Five years on Sunday 28 March 2027: posted on Friday 26 March.
    const ann = await createMember(ctx.app, {
      firstName: 'Ann',
      surname: 'Five',
      managerId: manager.id,
      startDate: '2022-03-28',
    });
    const colleague = await memberWithToken(ctx, { firstName: 'Cas', surname: 'Colleague', managerId: manager.id });
    const managerToken = await login(ctx, manager.email!);
    const annToken = await login(ctx, ann.email!);

    expect(await run('2027-02-25')).toMatchObject({ announced: 0, posted: 0 }); // 31 days ahead
    expect(await run('2027-02-26')).toEqual({ announced: 1, mailed: 1, posted: 0 });
    expect(await run('2027-02-26')).toEqual({ announced: 0, mailed: 0, posted: 0 }); // a second run, or instance
    const mails = await emailsTo(ctx.app, manager.email!);
    expect(mails.map((m) => m.kind)).toEqual(['milestone-upcoming']);
    expect(mails[0]!.subject).toBe('Ann Five reaches 5 years of service on 28 March 2027');
    const bell = await bellOf(ctx, managerToken);
    const notice = bell.items.find((i: { kind: string }) => i.kind === 'milestone_upcoming');
    expect(notice.milestone).toMatchObject({ years: 5, memberName: 'Ann Five' });
    const id = notice.milestone.milestoneId as number;

    // The colleague sees it among their team's and signs; the member sees a count, not the words.
    const list = await ctx.request({ method: 'GET', url: '/api/milestones', token: colleague.token });
    expect(list.json().items.map((i: { milestoneId: number }) => i.milestoneId)).toEqual([id]);
    const signed = await ctx.request({
      method: 'POST',
      url: `/api/milestones/${id}/card`,
      token: colleague.token,
      payload: { message: 'Five years already! Thank you, Ann.' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ signatures: 1, canSign: true, canEditMessage: false, postOn: '2027-03-26' });
    expect(signed.json().messages).toEqual([expect.objectContaining({ authorName: 'Cas Colleague', mine: true })]);
    const own = (await card(annToken, id)).json();
    expect(own).toMatchObject({ signatures: 1, messages: [], message: '', canSign: false });
    const selfSign = await ctx.request({
      method: 'POST',
      url: `/api/milestones/${id}/card`,
      token: annToken,
      payload: { message: 'Me!' },
    });
    expect(selfSign.statusCode).toBe(403);
    const empty = await ctx.request({
      method: 'POST',
      url: `/api/milestones/${id}/card`,
      token: colleague.token,
      payload: { message: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.message).toEqual(['Write a message']);

    // The manager's prefilled message, which they change; nobody else may.
    const prefilled = (await card(managerToken, id)).json();
    expect(prefilled.message).toContain('Congratulations on 5 years with us, Ann!');
    expect(prefilled.canEditMessage).toBe(true);
    const words = 'Ann, five years of calm under pressure: thank you from all of us.';
    const edited = await ctx.request({
      method: 'PUT',
      url: `/api/milestones/${id}/message`,
      token: managerToken,
      payload: { message: words },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const notManager = await ctx.request({
      method: 'PUT',
      url: `/api/milestones/${id}/message`,
      token: colleague.token,
      payload: { message: words },
    });
    expect(notManager.statusCode).toBe(403);

    // Not before the post day; on it, once, whatever runs at once.
    expect((await run('2027-03-25')).posted).toBe(0);
    const runs = await Promise.all([run('2027-03-26'), run('2027-03-26')]);
    expect(runs.map((r) => r.posted).sort()).toEqual([0, 1]);
    expect((await balancesOf(ctx.app, ann.id)).awardsPointsAvailable).toBe(500);
    const posted = (await card(annToken, id)).json();
    expect(posted).toMatchObject({ status: 'posted', message: words, canSign: false });
    expect(posted.messages.map((m: { message: string }) => m.message)).toEqual(['Five years already! Thank you, Ann.']);
    const [kudos] = await queryRows<{ kind: string; label: string; points: number; message: string }>(
      ctx.app.db,
      sql`select kind, label, points, message from kudos where id = ${posted.kudosId}`,
    );
    expect(kudos).toEqual({
      kind: 'award',
      label: '5 years of service',
      points: 500,
      message: `${words}\n\nFrom the card:\nCas Colleague: Five years already! Thank you, Ann.`,
    });
    const annBell = await bellOf(ctx, annToken);
    expect(annBell.items.map((i: { kind: string }) => i.kind)).toContain('milestone_received');
    const late = await ctx.request({
      method: 'POST',
      url: `/api/milestones/${id}/card`,
      token: colleague.token,
      payload: { message: 'Sorry I am late' },
    });
    expect(late.statusCode).toBe(422);
    const statement = await queryRows<{ kind: string }>(
      ctx.app.db,
      sql`select t.kind from ledger_transactions t where t.id = (select transaction_id from service_milestones where id = ${id})`,
    );
    expect(statement).toEqual([{ kind: 'service_award' }]);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('moves a milestone on by a recorded break, and the payroll report values, exempts and taxes long service', async () => {
    await setSetting(ctx.app, 'serviceAwards', SETTINGS);
    const admin = await memberWithToken(ctx, { roles: 'awards,rep' });
    // Fifteen years on 1 July 2027, unbroken: a watch worth R6,000, of which R5,000 is exempt.
    const una = await createMember(ctx.app, { firstName: 'Una', surname: 'Unbroken', startDate: '2012-07-01' });
    // Fifteen years on 1 July 2027 too, but for a break of 10 days: on 11 July (a Sunday → Friday 9 July), taxed in full.
    const bea = await createMember(ctx.app, { firstName: 'Bea', surname: 'Break', startDate: '2012-07-01' });
    const breakRes = await ctx.request({
      method: 'POST',
      url: '/api/admin/awards/service/breaks',
      token: admin.token,
      payload: { memberId: bea.id, startsOn: '2015-01-01', endsOn: '2015-01-10', note: 'Unpaid leave' },
    });
    expect(breakRes.statusCode, breakRes.body).toBe(200);
    const backwards = await ctx.request({
      method: 'POST',
      url: '/api/admin/awards/service/breaks',
      token: admin.token,
      payload: { memberId: bea.id, startsOn: '2015-02-10', endsOn: '2015-02-01' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.endsOn).toEqual(['The break ends on or after it starts']);

    await run('2027-06-15');
    const rows = await queryRows<{
      member_id: number;
      milestone_on: string;
      post_on: string;
      unbroken: boolean;
      value_rand: string;
    }>(
      ctx.app.db,
      sql`select member_id, milestone_on::text, post_on::text, unbroken, value_rand::text from service_milestones
          where member_id in (${una.id}, ${bea.id}) order by member_id`,
    );
    expect(rows).toEqual([
      { member_id: una.id, milestone_on: '2027-07-01', post_on: '2027-07-01', unbroken: true, value_rand: '6000.00' },
      { member_id: bea.id, milestone_on: '2027-07-11', post_on: '2027-07-09', unbroken: false, value_rand: '6000.00' },
    ]);
    expect((await run('2027-07-09')).posted).toBe(2);
    // A gift moves no points.
    expect((await balancesOf(ctx.app, una.id)).awardsPointsAvailable).toBe(0);

    const query = await ctx.request({
      method: 'POST',
      url: '/api/reports/reportlongservice/query',
      token: admin.token,
      payload: { filters: { from: '2027-07-01', to: '2027-07-31' }, sort: { column: 'member', direction: 'desc' } },
    });
    expect(query.statusCode, query.body).toBe(200);
    const t = query.json() as { fields: string[]; rows: unknown[][]; totals: Record<string, number> };
    const records = t.rows.map((row) => Object.fromEntries(t.fields.map((f, i) => [f, row[i]])));
    expect(
      records.map((r) => [
        r.member,
        r.postedOn,
        r.form,
        r.valueRand,
        r.qualifies,
        r.exemptRand,
        r.taxableRand,
        r.taxYear,
      ]),
    ).toEqual([
      ['Una Unbroken', '2027-07-01', 'Non-cash (gift)', 6000, 'Yes', 5000, 1000, 2028],
      ['Bea Break', '2027-07-09', 'Non-cash (gift)', 6000, 'No', 0, 6000, 2028],
    ]);
    expect(records[0]!.payrollCode).toBe('');
    expect(t.totals).toMatchObject({ longServiceAwards: 2, valueRand: 12000, exemptRand: 5000, taxableRand: 7000 });
    const csv = await ctx.request({
      method: 'GET',
      url: '/api/reports/reportlongservice/export?format=csv&from=2027-07-01&to=2027-07-31',
      token: admin.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Payroll code (map)');
    expect(csv.body).toContain('Una Unbroken');
  });

  it('lets only those who run programmes change the settings, and refuses bad ones field by field', async () => {
    const member = await memberWithToken(ctx);
    const admin = await memberWithToken(ctx, { roles: 'awards' });
    const refused = await ctx.request({ method: 'GET', url: '/api/admin/awards/service', token: member.token });
    expect(refused.statusCode).toBe(403);
    const bad = await ctx.request({
      method: 'PUT',
      url: '/api/admin/awards/service',
      token: admin.token,
      payload: { ...SETTINGS, noticeDays: 0, milestones: [SETTINGS.milestones[0], SETTINGS.milestones[0]] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['milestones', 'noticeDays']);
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/admin/awards/service',
      token: admin.token,
      payload: { ...SETTINGS, randPerPoint: 0.25 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await ctx.request({ method: 'GET', url: '/api/admin/awards/service', token: admin.token });
    expect(read.json().settings.randPerPoint).toBe(0.25);
  });
});
