import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { runLeaverForfeits } from '../../src/core/member-changes/leaver-forfeits.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { fundedProgramme, nominateBody } from '../support/award-factories.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, login } from '../support/factories.ts';
import { balancesOf, fund, relaxLimits, send, setSetting } from '../support/ledger-factories.ts';
import { integrationToken, OVATION, PATCH_OP, scim } from '../support/scim-factories.ts';

/** A leaver's points, team budget, team and nominations (issue 42, decision 0111). */
describe('leavers', () => {
  const ctx = setupApp();

  async function scimIdOf(secret: string, email: string) {
    const found = await scim(ctx, secret, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
    return found.json().Resources[0].id as string;
  }
  const setActive = (secret: string, id: string, active: boolean) =>
    scim(ctx, secret, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: active ? 'True' : 'False' }],
    });
  const systemBalance = async (kind: string) =>
    Number(
      (
        await queryRows<{ b: string }>(
          ctx.app.db,
          sql`select balance::text as b from ledger_accounts where member_id is null and kind = ${kind}`,
        )
      )[0]!.b,
    );

  it('forfeit: points to the firm, the team budget and the team to the manager, nominations moved on', async () => {
    await relaxLimits(ctx.app);
    await setSetting(ctx.app, 'leavers', { points: 'forfeit', keepDays: 90 });
    const { secret, adminToken } = await integrationToken(ctx);
    const top = await createMember(ctx.app, { isManager: true });
    const leaver = await createMember(ctx.app, { isManager: true, managerId: top.id });
    const [one, two] = [
      await createMember(ctx.app, { managerId: leaver.id }),
      await createMember(ctx.app, { managerId: leaver.id }),
    ];
    await fund(ctx.app, leaver.id, 300);
    await fund(ctx.app, leaver.id, 1000, 'team_budget');
    const programme = await fundedProgramme(ctx, adminToken, 1000, {
      approval: { manager: true, managersManager: false, namedApproverIds: [], namedAbovePoints: null },
    });
    const nominated = await send(
      ctx,
      '/api/awards/nominations',
      await login(ctx, one.email!),
      nominateBody(programme.id, [two.id]),
    );
    expect(nominated.statusCode, nominated.body).toBe(200);
    const nominationId = nominated.json().nominationIds[0] as number;
    const issuanceBefore = await systemBalance('issuance');
    const topBefore = await balancesOf(ctx.app, top.id);

    const left = await setActive(secret, await scimIdOf(secret, leaver.email!), false);
    expect(left.statusCode, left.body).toBe(200);

    const after = await balancesOf(ctx.app, leaver.id);
    expect(after.awardsPointsAvailable).toBe(0);
    expect(after.awardsPointsAvailableMng).toBe(0);
    expect(await systemBalance('issuance')).toBe(issuanceBefore + 300);
    expect((await balancesOf(ctx.app, top.id)).awardsPointsAvailableMng).toBe(
      topBefore.awardsPointsAvailableMng + 1000,
    );
    const team = await queryRows<{ managerId: number }>(
      ctx.app.db,
      sql`select manager_id as "managerId" from members where id in (${one.id}, ${two.id})`,
    );
    expect(team.map((t) => t.managerId)).toEqual([top.id, top.id]);
    const [nomination] = await queryRows<{ chain: number[][]; events: string[] }>(
      ctx.app.db,
      sql`select n.chain, array(select action from award_nomination_events e where e.nomination_id = n.id order by e.id) as events
          from award_nominations n where n.id = ${nominationId}`,
    );
    expect(nomination).toEqual({ chain: [[top.id]], events: ['submitted', 'reassigned'] });
    const kinds = await queryRows<{ kind: string }>(
      ctx.app.db,
      sql`select distinct t.kind from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id where a.member_id = ${leaver.id} and t.kind like '%leaver%' or
          (a.member_id = ${leaver.id} and t.kind = 'team_budget_transfer') order by 1`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['leaver_forfeit', 'team_budget_transfer']);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('a successor the directory names takes the team and the team budget instead of the manager', async () => {
    const { secret } = await integrationToken(ctx);
    const top = await createMember(ctx.app, { isManager: true });
    const leaver = await createMember(ctx.app, { isManager: true, managerId: top.id });
    const report = await createMember(ctx.app, { managerId: leaver.id });
    const successor = await createMember(ctx.app, {});
    await fund(ctx.app, leaver.id, 400, 'team_budget');
    const id = await scimIdOf(secret, leaver.email!);
    const leave = (successorNumber: string) =>
      scim(ctx, secret, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'active', value: 'False' },
          { op: 'Add', path: `${OVATION}:successor`, value: successorNumber },
        ],
      });

    // A successor who is not an active member is refused, and nothing moves.
    const refused = await leave('NOBODY-1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ scimType: 'invalidValue', detail: expect.stringContaining('NOBODY-1') });
    expect((await balancesOf(ctx.app, leaver.id)).awardsPointsAvailableMng).toBe(400);

    const topBefore = await balancesOf(ctx.app, top.id);
    const left = await leave(successor.employeeNumber);
    expect(left.statusCode, left.body).toBe(200);
    expect((await balancesOf(ctx.app, successor.id)).awardsPointsAvailableMng).toBe(400);
    expect((await balancesOf(ctx.app, top.id)).awardsPointsAvailableMng).toBe(topBefore.awardsPointsAvailableMng);
    const [moved] = await queryRows<{ managerId: number; successorIsManager: boolean }>(
      ctx.app.db,
      sql`select r.manager_id as "managerId", s.is_manager as "successorIsManager"
          from members r, members s where r.id = ${report.id} and s.id = ${successor.id}`,
    );
    expect(moved).toEqual({ managerId: successor.id, successorIsManager: true });
    // Write-only: the User never shows it.
    expect(JSON.stringify((await scim(ctx, secret, 'GET', `/Users/${id}`)).json())).not.toContain('successor');
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('payout: points to the payouts account, for payroll', async () => {
    await setSetting(ctx.app, 'leavers', { points: 'payout', keepDays: 90 });
    const { secret } = await integrationToken(ctx);
    const leaver = await createMember(ctx.app);
    await fund(ctx.app, leaver.id, 50);
    const before = await systemBalance('payouts');
    expect((await setActive(secret, await scimIdOf(secret, leaver.email!), false)).statusCode).toBe(200);
    expect(await systemBalance('payouts')).toBe(before + 50);
    expect((await balancesOf(ctx.app, leaver.id)).awardsPointsAvailable).toBe(0);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('keep: a returner finds their points; after the keeping days they are forfeited', async () => {
    await setSetting(ctx.app, 'leavers', { points: 'keep', keepDays: 30 });
    const { secret } = await integrationToken(ctx);
    const leaver = await createMember(ctx.app);
    await fund(ctx.app, leaver.id, 70);
    const id = await scimIdOf(secret, leaver.email!);
    expect((await setActive(secret, id, false)).statusCode).toBe(200);
    expect((await balancesOf(ctx.app, leaver.id)).awardsPointsAvailable).toBe(70);
    expect((await setActive(secret, id, true)).statusCode).toBe(200);
    const [back] = await queryRows<{ leftAt: string | null }>(
      ctx.app.db,
      sql`select left_at as "leftAt" from members where id = ${leaver.id}`,
    );
    expect(back!.leftAt).toBeNull();
    expect((await balancesOf(ctx.app, leaver.id)).awardsPointsAvailable).toBe(70);

    expect((await setActive(secret, id, false)).statusCode).toBe(200);
    const deps = { ...ctx.app.sendServices, log: ctx.app.log };
    await runLeaverForfeits(deps, new Date(Date.now() + 29 * 86_400_000));
    expect((await balancesOf(ctx.app, leaver.id)).awardsPointsAvailable).toBe(70);
    const due = await runLeaverForfeits(deps, new Date(Date.now() + 31 * 86_400_000));
    expect(due.forfeited).toBeGreaterThanOrEqual(1);
    expect((await balancesOf(ctx.app, leaver.id)).awardsPointsAvailable).toBe(0);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('the setting is read and changed by report administrators, with field errors', async () => {
    const { adminToken } = await integrationToken(ctx);
    const read = await ctx.request({ method: 'GET', url: '/api/admin/integrations/leavers', token: adminToken });
    expect(read.statusCode).toBe(200);
    const bad = await ctx.request({
      method: 'PUT',
      url: '/api/admin/integrations/leavers',
      token: adminToken,
      payload: { points: 'donate', keepDays: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['keepDays', 'points']);
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/admin/integrations/leavers',
      token: adminToken,
      payload: { points: 'keep', keepDays: 60 },
    });
    expect(saved.json()).toEqual({ points: 'keep', keepDays: 60 });
  });
});
