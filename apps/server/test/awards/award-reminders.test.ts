import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/sql-rows.ts';
import { runAwardReminders } from '../../src/modules/awards/reminders.ts';
import { awardsAdmin, decide, fundedProgramme, nominateBody } from '../support/award-factories.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, login } from '../support/factories.ts';
import { emailsTo, relaxLimits, send } from '../support/ledger-factories.ts';

const ctx = setupApp();
const HOUR = 3_600_000;

describe('award reminders and escalation (a controllable clock)', () => {
  it('reminds the approver after the service time, escalates to their manager at twice it, once each', async () => {
    await relaxLimits(ctx.app);
    const { token: adminToken } = await awardsAdmin(ctx);
    const boss = await createMember(ctx.app, { firstName: 'Bea', surname: 'Boss' });
    const manager = await createMember(ctx.app, { managerId: boss.id });
    const nominee = await createMember(ctx.app, { managerId: manager.id });
    const nominator = await createMember(ctx.app, { managerId: manager.id });
    const programme = await fundedProgramme(ctx, adminToken, 1000, {
      serviceHours: 24,
      approval: { manager: true, managersManager: false, namedApproverIds: [], namedAbovePoints: null },
    });
    const token = await login(ctx, nominator.email!);
    const [id] = (await send(ctx, '/api/awards/nominations', token, nominateBody(programme.id, [nominee.id]))).json()
      .nominationIds as number[];
    const [row] = await queryRows<{ started: Date }>(
      ctx.app.db,
      sql`select step_started_at as started from award_nominations where id = ${id}`,
    );
    const at = (hours: number) => new Date(new Date(row!.started).getTime() + hours * HOUR);

    expect(await runAwardReminders(ctx.app.db, at(23))).toMatchObject({ reminded: 0, escalated: 0 });
    const first = await runAwardReminders(ctx.app.db, at(25));
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect((await emailsTo(ctx.app, manager.email!)).map((e) => e.kind)).toContain('award-reminded');
    // Run again (another instance, the same hour): nothing more.
    await runAwardReminders(ctx.app.db, at(25));
    expect((await emailsTo(ctx.app, manager.email!)).filter((e) => e.kind === 'award-reminded')).toHaveLength(1);

    await runAwardReminders(ctx.app.db, at(49));
    expect((await emailsTo(ctx.app, boss.email!)).map((e) => e.kind)).toEqual(['award-escalated']);
    await runAwardReminders(ctx.app.db, at(100));
    expect(await emailsTo(ctx.app, boss.email!)).toHaveLength(1);

    // The manager's manager may now decide it; the history shows the nudges.
    const bossToken = await login(ctx, boss.email!);
    expect((await decide(ctx, bossToken, id!, { action: 'approve' })).json().status).toBe('approved');
    const history = await ctx.request({ method: 'GET', url: `/api/awards/nominations/${id}`, token });
    expect(history.json().history.map((h: { action: string }) => h.action)).toEqual([
      'submitted',
      'reminded',
      'escalated',
      'approved',
      'paid',
    ]);
  });
});
