import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import {
  awardsAdmin,
  decide,
  fundedProgramme,
  nominateBody,
  nominationStatus,
  programmeAccounts,
} from '../support/award-factories.ts';
import { setupApp, type TestContext } from '../support/build-app.ts';
import { createMember, login, memberWithToken } from '../support/factories.ts';
import { balancesOf, emailsTo, kudosTo, relaxLimits, send } from '../support/ledger-factories.ts';

const ctx = setupApp();

/** A team: the director above the manager, two nominees and a nominator reporting to the manager. */
async function team(c: TestContext) {
  const director = await createMember(c.app, { firstName: 'Dana', surname: 'Director' });
  const manager = await createMember(c.app, {
    firstName: 'Mo',
    surname: 'Manager',
    managerId: director.id,
    isManager: true,
  });
  const first = await createMember(c.app, { firstName: 'Ann', surname: 'First', managerId: manager.id });
  const second = await createMember(c.app, { firstName: 'Ben', surname: 'Second', managerId: manager.id });
  const nominator = await createMember(c.app, { firstName: 'Nia', surname: 'Nominator', managerId: manager.id });
  return {
    director: { ...director, token: await login(c, director.email!) },
    manager: { ...manager, token: await login(c, manager.email!) },
    first,
    second,
    nominator: { ...nominator, token: await login(c, nominator.email!) },
  };
}

const bells = async (memberId: number) =>
  queryRows<{ kind: string; award_nomination_id: unknown }>(
    ctx.app.db,
    sql`select kind, award_nomination_id from notifications where member_id = ${memberId} order by id`,
  );

describe('award nominations', () => {
  it('nominate two, approve one, downgrade the other, decline it at the next step: everything agrees', async () => {
    await relaxLimits(ctx.app);
    const { token: adminToken } = await awardsAdmin(ctx);
    const t = await team(ctx);
    const programme = await fundedProgramme(ctx, adminToken, 1000);

    // Two colleagues at Silver: 500 held of the 1,000.
    const res = await send(
      ctx,
      '/api/awards/nominations',
      t.nominator.token,
      nominateBody(programme.id, [t.first.id, t.second.id], 'silver'),
    );
    expect(res.statusCode).toBe(200);
    const [firstId, secondId] = res.json().nominationIds as number[];
    expect(res.json().message).toContain('Ann First and Ben Second');
    expect(await programmeAccounts(ctx.app, programme.id)).toEqual({ budget: 500, held: 500 });
    expect((await bells(t.manager.id)).filter((b) => b.kind === 'award_to_approve')).toHaveLength(2);
    expect((await emailsTo(ctx.app, t.manager.email!)).map((e) => e.kind)).toContain('award-to-approve');

    // The manager's queue holds both; the manager approves the first and lowers the second to Bronze.
    const queue = await ctx.request({ method: 'GET', url: '/api/awards/approvals', token: t.manager.token });
    expect(
      queue
        .json()
        .items.map((i: { nomination: { id: number } }) => i.nomination.id)
        .sort(),
    ).toEqual([firstId, secondId].sort());
    expect(queue.json().items[0]).toMatchObject({ budgetAvailable: 500, nomination: { step: 1, steps: 2 } });
    expect((await decide(ctx, t.manager.token, firstId!, { action: 'approve' })).json().message).toContain(
      'next approver',
    );
    const lowered = await decide(ctx, t.manager.token, secondId!, {
      action: 'approve',
      levelKey: 'bronze',
      reason: 'Good, not yet Silver',
    });
    expect(lowered.json()).toMatchObject({ status: 'pending', level: { key: 'bronze', points: 100 } });
    expect(await programmeAccounts(ctx.app, programme.id)).toEqual({ budget: 650, held: 350 });

    // Not the manager's step any more; the director decides.
    expect((await decide(ctx, t.manager.token, firstId!, { action: 'approve' })).statusCode).toBe(403);
    const paid = await decide(ctx, t.director.token, firstId!, { action: 'approve' });
    expect(paid.json()).toMatchObject({ status: 'approved', level: { key: 'silver', points: 250 } });
    expect((await decide(ctx, t.director.token, secondId!, { action: 'decline' })).statusCode).toBe(400);
    const declined = await decide(ctx, t.director.token, secondId!, {
      action: 'decline',
      reason: 'Already recognised this quarter',
    });
    expect(declined.json().status).toBe('declined');

    // Points, holds, thread, statements, bells, e-mails.
    expect(await programmeAccounts(ctx.app, programme.id)).toEqual({ budget: 750, held: 0 });
    expect((await balancesOf(ctx.app, t.first.id)).awardsPointsAvailable).toBe(250);
    expect((await balancesOf(ctx.app, t.second.id)).awardsPointsAvailable).toBe(0);
    const [item] = await kudosTo(ctx.app, t.first.id);
    expect(item).toMatchObject({
      kind: 'award',
      points: 250,
      label: `${programme.name} · Silver`,
      fromMemberId: t.nominator.id,
    });
    const firstToken = await login(ctx, t.first.email!);
    const statement = await ctx.request({ method: 'GET', url: '/api/statements/points', token: firstToken });
    expect(JSON.stringify(statement.json())).toContain(`Award — ${programme.name} · Silver`);
    expect((await bells(t.first.id)).map((b) => b.kind)).toEqual(['award_received']);
    expect((await bells(t.nominator.id)).map((b) => b.kind).sort()).toEqual(['award_approved', 'award_declined']);
    expect((await emailsTo(ctx.app, t.first.email!)).map((e) => e.kind)).toEqual(['award-received']);
    expect(await emailsTo(ctx.app, t.second.email!)).toHaveLength(0);
    expect((await emailsTo(ctx.app, t.nominator.email!)).map((e) => e.kind).sort()).toEqual([
      'award-approved',
      'award-declined',
    ]);
    expect((await emailsTo(ctx.app, t.manager.email!)).map((e) => e.kind)).toContain('award-received-manager');

    // The history says who did what and why.
    const second = await ctx.request({
      method: 'GET',
      url: `/api/awards/nominations/${secondId}`,
      token: t.nominator.token,
    });
    expect(second.json().history.map((h: { action: string }) => h.action)).toEqual([
      'submitted',
      'level_changed',
      'approved',
      'declined',
    ]);
    expect(second.json().history[1]).toMatchObject({ by: 'Mo Manager', fromLevel: 'Silver', toLevel: 'Bronze' });
    expect(second.json().history[3]).toMatchObject({ by: 'Dana Director', reason: 'Already recognised this quarter' });
    // The declined nominee cannot read it; the feed shows the award with its label.
    const secondToken = await login(ctx, t.second.email!);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/awards/nominations/${secondId}`, token: secondToken })).statusCode,
    ).toBe(403);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('refuses oneself, a colleague who left, a short reason, and more than the budget holds', async () => {
    await relaxLimits(ctx.app);
    const { token: adminToken } = await awardsAdmin(ctx);
    const t = await team(ctx);
    const gone = await createMember(ctx.app, { active: false, managerId: t.manager.id });
    const programme = await fundedProgramme(ctx, adminToken, 150);
    const url = '/api/awards/nominations';
    const self = await send(ctx, url, t.nominator.token, nominateBody(programme.id, [t.nominator.id]));
    expect(self.json().errors.nomineeIds).toEqual(['You cannot nominate yourself']);
    expect(
      (await send(ctx, url, t.nominator.token, nominateBody(programme.id, [gone.id]))).json().errors.nomineeIds,
    ).toBeDefined();
    const short = await send(ctx, url, t.nominator.token, nominateBody(programme.id, [t.first.id], 'bronze', 'Nice'));
    expect(short.json().errors.reason[0]).toContain('at least 20');
    const bad = await send(ctx, url, t.nominator.token, { programmeId: 'x', nomineeIds: [], levelKey: '', reason: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['levelKey', 'nomineeIds', 'programmeId', 'reason']);
    // 2 × 100 > 150: refused whole, nothing held.
    const over = await send(ctx, url, t.nominator.token, nominateBody(programme.id, [t.first.id, t.second.id]));
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toContain('150');
    expect(await programmeAccounts(ctx.app, programme.id)).toEqual({ budget: 150, held: 0 });
  });

  it('withdraws a waiting nomination, flags a reciprocal one, and lets a delegate approve', async () => {
    await relaxLimits(ctx.app);
    const { token: adminToken } = await awardsAdmin(ctx);
    const t = await team(ctx);
    const programme = await fundedProgramme(ctx, adminToken, 1000, {
      approval: { manager: true, managersManager: false, namedApproverIds: [], namedAbovePoints: null },
    });
    const url = '/api/awards/nominations';
    const [id] = (await send(ctx, url, t.nominator.token, nominateBody(programme.id, [t.first.id]))).json()
      .nominationIds;
    expect((await send(ctx, `/api/awards/nominations/${id}/withdraw`, t.manager.token, {})).statusCode).toBe(403);
    const withdrawn = await send(ctx, `/api/awards/nominations/${id}/withdraw`, t.nominator.token, {});
    expect(withdrawn.json().status).toBe('withdrawn');
    expect((await decide(ctx, t.manager.token, id, { action: 'approve' })).statusCode).toBe(409);
    expect(await programmeAccounts(ctx.app, programme.id)).toEqual({ budget: 1000, held: 0 });

    // Ann nominates Nia back: flagged to the approver.
    const firstToken = await login(ctx, t.first.email!);
    const [back] = (await send(ctx, url, firstToken, nominateBody(programme.id, [t.nominator.id]))).json()
      .nominationIds;
    const { member: stand, token: standToken } = await memberWithToken(ctx, { firstName: 'Sam', surname: 'Standin' });
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const delegated = await ctx.request({
      method: 'PUT',
      url: '/api/awards/delegate',
      token: t.manager.token,
      payload: { delegateId: stand.id, until },
    });
    expect(delegated.json()).toMatchObject({ delegate: { id: stand.id }, until });
    const queue = await ctx.request({ method: 'GET', url: '/api/awards/approvals', token: standToken });
    expect(queue.json().items).toHaveLength(1);
    expect(queue.json().items[0].nomination).toMatchObject({ id: back, reciprocal: true });
    expect((await decide(ctx, standToken, back, { action: 'approve' })).json().status).toBe('approved');
    expect(await nominationStatus(ctx.app, back)).toMatchObject({ status: 'approved', points: 100 });
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });
});
