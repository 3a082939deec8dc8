import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import {
  balancesOf,
  createBehaviour,
  emailsTo,
  fund,
  kudosTo,
  newKey,
  pointsCreditedBy,
  relaxLimits,
  send,
  setSetting,
} from '../support/ledger-factories.ts';

const ctx = setupApp();
const URL = '/api/recognition/send';

async function managerWithTeam(size = 2) {
  const manager = await memberWithToken(ctx, { isManager: true });
  const team = [];
  for (let i = 0; i < size; i++) team.push(await createMember(ctx.app, { managerId: manager.member.id }));
  return { ...manager, team };
}

describe('POST /api/recognition/send', () => {
  it('needs a session', async () => {
    expect((await send(ctx, URL, undefined, {})).statusCode).toBe(401);
  });

  it('validates the body with field errors', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await send(ctx, URL, token, { toMemberIds: [], behaviourId: 0, message: ' ', points: 1.5 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['behaviourId', 'message', 'points', 'toMemberIds']);
    const long = await send(ctx, URL, token, { toMemberIds: [1], behaviourId: 1, message: 'x'.repeat(1001) });
    expect(long.json().errors.message).toEqual(['Message must be at most 1000 characters']);
  });

  it('needs an Idempotency-Key header', async () => {
    const { token } = await memberWithToken(ctx);
    const behaviour = await createBehaviour(ctx.app);
    const other = await createMember(ctx.app);
    const payload = { toMemberIds: [other.id], behaviourId: behaviour.id, message: 'Thanks' };
    const res = await send(ctx, URL, token, payload, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.idempotencyKey).toBeDefined();
    expect((await send(ctx, URL, token, payload, 'short')).statusCode).toBe(400);
  });

  it('refuses points from a non-manager (403) and a manager paying outside the team (403)', async () => {
    const behaviour = await createBehaviour(ctx.app);
    const { token } = await memberWithToken(ctx);
    const colleague = await createMember(ctx.app);
    const res = await send(ctx, URL, token, {
      toMemberIds: [colleague.id],
      behaviourId: behaviour.id,
      message: 'Well done',
      points: 10,
    });
    expect(res.statusCode).toBe(403);

    const manager = await managerWithTeam(1);
    await fund(ctx.app, manager.member.id, 1000, 'team_budget');
    const outside = await send(ctx, URL, manager.token, {
      toMemberIds: [manager.team[0]!.id, colleague.id],
      behaviourId: behaviour.id,
      message: 'Well done',
      points: 10,
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('You can only reward members of your team');
    expect((await balancesOf(ctx.app, manager.member.id)).awardsPointsAvailableMng).toBe(1000);
  });

  it('refuses self-recognition, unknown members and inactive behaviours (400)', async () => {
    const behaviour = await createBehaviour(ctx.app);
    const retired = await createBehaviour(ctx.app, 'Retired', false);
    const { member, token } = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    const gone = await createMember(ctx.app, { active: false });
    const self = await send(ctx, URL, token, { toMemberIds: [member.id], behaviourId: behaviour.id, message: 'Me' });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors.toMemberIds).toEqual(['You cannot recognise yourself']);
    const inactive = await send(ctx, URL, token, { toMemberIds: [gone.id], behaviourId: behaviour.id, message: 'Hi' });
    expect(inactive.json().errors.toMemberIds).toBeDefined();
    const missing = await send(ctx, URL, token, { toMemberIds: [999_999], behaviourId: behaviour.id, message: 'Hi' });
    expect(missing.statusCode).toBe(400);
    const old = await send(ctx, URL, token, { toMemberIds: [other.id], behaviourId: retired.id, message: 'Hi' });
    expect(old.statusCode).toBe(400);
    expect(old.json().errors.behaviourId).toBeDefined();
  });

  it('lets a member recognise colleagues without points: thread items, game plays, e-mails', async () => {
    const behaviour = await createBehaviour(ctx.app, 'Client First');
    const { token } = await memberWithToken(ctx, { firstName: 'Zanele', surname: 'Dlamini' });
    const boss = await createMember(ctx.app);
    const a = await createMember(ctx.app, { managerId: boss.id });
    const b = await createMember(ctx.app);
    const res = await send(ctx, URL, token, {
      toMemberIds: [a.id, b.id],
      behaviourId: behaviour.id,
      message: ' Great work ',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.messageLogIds).toHaveLength(2);
    expect(body.message).toContain('has been sent');
    expect(body.balances).toEqual({ awardsPointsAvailable: 0, awardsPointsAvailable1: 0, awardsPointsAvailableMng: 0 });
    const [item] = await kudosTo(ctx.app, a.id);
    expect(item).toMatchObject({ kind: 'recognition', behaviourId: behaviour.id, message: 'Great work', points: 0 });
    expect((await balancesOf(ctx.app, a.id)).awardsPointsAvailable1).toBe(1);
    expect((await emailsTo(ctx.app, a.email!))[0]?.subject).toBe('Zanele Dlamini recognised you');
    expect(await emailsTo(ctx.app, boss.email!)).toHaveLength(1);
  });

  it('moves points from a manager’s team budget to each team member', async () => {
    const behaviour = await createBehaviour(ctx.app);
    await setSetting(ctx.app, 'playsPerRecognition', 2);
    const manager = await managerWithTeam(2);
    await fund(ctx.app, manager.member.id, 500, 'team_budget');
    const ids = manager.team.map((m) => m.id);
    const res = await send(ctx, URL, manager.token, {
      toMemberIds: ids,
      behaviourId: behaviour.id,
      message: 'Team!',
      points: 100,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().balances.awardsPointsAvailableMng).toBe(300);
    for (const id of ids) {
      expect(await balancesOf(ctx.app, id)).toMatchObject({ awardsPointsAvailable: 100, awardsPointsAvailable1: 2 });
      const [item] = await kudosTo(ctx.app, id);
      expect(item).toMatchObject({ points: 100, ledgerTransactionId: expect.any(Number) });
      // The item names the posting that paid it, not the plays'.
      expect(await pointsCreditedBy(ctx.app, item!.ledgerTransactionId, id)).toBe(100);
    }
    // The manager's own team: no e-mail to the manager about their own recognition.
    expect(await emailsTo(ctx.app, manager.member.email!)).toHaveLength(0);
    await setSetting(ctx.app, 'playsPerRecognition', 1);
  });

  it('refuses more points than the team budget holds (422) and writes nothing', async () => {
    const behaviour = await createBehaviour(ctx.app);
    const manager = await managerWithTeam(3);
    await fund(ctx.app, manager.member.id, 2500, 'team_budget');
    const res = await send(ctx, URL, manager.token, {
      toMemberIds: manager.team.map((m) => m.id),
      behaviourId: behaviour.id,
      message: 'Too generous',
      points: 1000,
    });
    expect(res.statusCode).toBe(422);
    // Points grouped as everywhere else (spec §9): the same words the form itself would show.
    expect(res.json().message).toBe('Your team budget has 2 500 Kudos: 3 × 1 000 = 3 000 Kudos is more than that.');
    expect((await balancesOf(ctx.app, manager.member.id)).awardsPointsAvailableMng).toBe(2500);
    expect(await kudosTo(ctx.app, manager.team[0]!.id)).toHaveLength(0);
    expect(await emailsTo(ctx.app, manager.team[0]!.email!)).toHaveLength(0);
  });

  it('limits kudos per pair per day (422) and sends per minute (429)', async () => {
    const behaviour = await createBehaviour(ctx.app);
    await setSetting(ctx.app, 'pairDailyLimit', 2);
    const { token } = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    const payload = { toMemberIds: [other.id], behaviourId: behaviour.id, message: 'Again' };
    expect((await send(ctx, URL, token, payload)).statusCode).toBe(200);
    expect((await send(ctx, URL, token, payload)).statusCode).toBe(200);
    const third = await send(ctx, URL, token, payload);
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toContain('kudos at most 2 times a day');
    expect(await kudosTo(ctx.app, other.id)).toHaveLength(2);

    await setSetting(ctx.app, 'sendRateLimitPerMinute', 2);
    const sender = await memberWithToken(ctx);
    const targets = [await createMember(ctx.app), await createMember(ctx.app), await createMember(ctx.app)];
    const codes = [];
    for (const t of targets)
      codes.push((await send(ctx, URL, sender.token, { ...payload, toMemberIds: [t.id] })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    await relaxLimits(ctx.app);
  });

  it('replays a retried request and refuses the same key with another body', async () => {
    const behaviour = await createBehaviour(ctx.app);
    const manager = await managerWithTeam(1);
    await fund(ctx.app, manager.member.id, 100, 'team_budget');
    const key = newKey();
    const payload = { toMemberIds: [manager.team[0]!.id], behaviourId: behaviour.id, message: 'Once', points: 40 };
    const first = await send(ctx, URL, manager.token, payload, key);
    const again = await send(ctx, URL, manager.token, payload, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await balancesOf(ctx.app, manager.team[0]!.id)).awardsPointsAvailable).toBe(40);
    const other = await send(ctx, URL, manager.token, { ...payload, points: 41 }, key);
    expect(other.statusCode).toBe(422);
    // A business refusal is stored too: the retry gets the same answer.
    const k2 = newKey();
    const tooMuch = { ...payload, points: 1000 };
    expect((await send(ctx, URL, manager.token, tooMuch, k2)).statusCode).toBe(422);
    await fund(ctx.app, manager.member.id, 5000, 'team_budget');
    expect((await send(ctx, URL, manager.token, tooMuch, k2)).statusCode).toBe(422);
  });
});

describe('GET /api/behaviours and POST /api/members/search', () => {
  it('need a session', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/behaviours' })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'POST', url: '/api/members/search', payload: {} })).statusCode).toBe(401);
  });

  it('lists active behaviours', async () => {
    const { token } = await memberWithToken(ctx);
    const active = await createBehaviour(ctx.app, 'Visible behaviour');
    await createBehaviour(ctx.app, 'Hidden behaviour', false);
    const res = await ctx.request({ method: 'GET', url: '/api/behaviours', token });
    const names = res.json().behaviours.map((b: { name: string }) => b.name);
    expect(names).toContain(active.name);
    expect(names).not.toContain('Hidden behaviour');
  });

  it('validates the search body', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await ctx.request({ method: 'POST', url: '/api/members/search', token, payload: { limit: 500 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.limit).toBeDefined();
  });

  it('finds active colleagues by name or division, not oneself; teamOnly gives direct reports', async () => {
    const { member, token } = await memberWithToken(ctx, { firstName: 'Searcher', isManager: true });
    const report = await createMember(ctx.app, {
      firstName: 'Xolani',
      surname: 'Report',
      managerId: member.id,
      registered: false,
    });
    await createMember(ctx.app, { firstName: 'Xolani', surname: 'Gone', active: false });
    const stranger = await createMember(ctx.app, { firstName: 'Xolani', surname: 'Stranger' });
    const search = (payload: object) => ctx.request({ method: 'POST', url: '/api/members/search', token, payload });
    const byName = (await search({ query: 'xolani' })).json().members;
    expect(byName.map((m: { memberId: number }) => m.memberId).sort()).toEqual([report.id, stranger.id].sort());
    expect(byName.find((m: { memberId: number }) => m.memberId === report.id)).toMatchObject({
      isTeamMember: true,
      memberName: 'Xolani Report',
    });
    const team = (await search({ teamOnly: true })).json().members;
    expect(team.map((m: { memberId: number }) => m.memberId)).toEqual([report.id]);
    const division = (await search({ query: 'Division', limit: 50 })).json().members;
    expect(division.length).toBeGreaterThan(1);
    expect(division.some((m: { memberId: number }) => m.memberId === member.id)).toBe(false);
    expect((await search({ query: '%' })).json().members).toEqual([]);
    const byId = (await search({ memberIds: [stranger.id] })).json().members;
    expect(byId.map((m: { memberId: number }) => m.memberId)).toEqual([stranger.id]);
    // Pay It Forward's picker asks for colleagues in South Africa only.
    const abroad = await createMember(ctx.app, { firstName: 'Xolani', surname: 'Abroad', country: 'Kenya' });
    const everywhere = (await search({ query: 'xolani' })).json().members.map((m: { memberId: number }) => m.memberId);
    expect(everywhere).toContain(abroad.id);
    const local = (await search({ query: 'xolani', country: 'South Africa' })).json().members;
    expect(local.map((m: { memberId: number }) => m.memberId)).not.toContain(abroad.id);
    expect(local.length).toBeGreaterThan(0);
  });
});

describe('loadsession balances', () => {
  it('reads the member’s three ledger balances', async () => {
    const { member, token } = await memberWithToken(ctx, { isManager: true });
    await fund(ctx.app, member.id, 120);
    await fund(ctx.app, member.id, 3, 'plays');
    await fund(ctx.app, member.id, 4000, 'team_budget');
    const res = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', token, payload: {} });
    expect(res.json().profile).toMatchObject({
      awardsPointsAvailable: 120,
      awardsPointsAvailable1: 3,
      awardsPointsAvailableMng: 4000,
    });
  });
});
