import { describe, expect, it } from 'vitest';
import { transfer } from '../../src/core/ledger/transfer.ts';
import { createMember } from '../support/factories.ts';
import { records, rowOf, setupReportsFirm } from '../support/reports-firm.ts';

/**
 * Opening and closing balances around a period; a reversed points upload and a refunded order
 * count against what they undo (decisions 0084, 0100): the member earned and spent nothing, the
 * manager was allocated nothing.
 */
const { ctx, ids, query } = setupReportsFirm();

const member = (memberId: number, kind: 'points' | 'team_budget' = 'points') => ({ member: { memberId, kind } });

describe('balance reports: periods, reversals and refunds', () => {
  it('gives a manager’s opening and closing balance around a period', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const now = await query('reportmanagerbalances', { filters: { division3: ids.t1, from: today, to: today } });
    expect(records(now)[0]).toMatchObject({ opening: 0, allocated: 1000, spent: 100, closing: 900, movements: 3 });
    const later = await query('reportmanagerbalances', {
      filters: { division3: ids.t1, from: tomorrow, to: tomorrow },
    });
    expect(records(later)[0]).toMatchObject({ opening: 900, allocated: 0, spent: 0, closing: 900, movements: 0 });
    const before = await query('reportmanagerbalances', {
      filters: { division3: ids.t1, from: '2020-01-01', to: '2020-12-31' },
    });
    expect(records(before)[0]).toMatchObject({ opening: 0, closing: 0 });
    // Without a start, nothing comes before the first entry: opening 0, closing the balance.
    const whole = await query('reportmanagerbalances', { filters: { division3: ids.t1 } });
    expect(records(whole)[0]).toMatchObject({ opening: 0, allocated: 1000, spent: 100, closing: 900 });
    const untilToday = await query('reportmanagerbalances', { filters: { division3: ids.t1, to: today } });
    expect(records(untilToday)[0]).toMatchObject({ opening: 0, closing: 900 });
  });

  it('a reversed upload is not earned and a refunded order is not spent', async () => {
    const m = await createMember(ctx.app, { surname: 'Undone' });
    const post = (kind: Parameters<typeof transfer>[1]['kind'], legs: Parameters<typeof transfer>[1]['legs']) =>
      transfer(ctx.app.db, { kind, legs });
    await post('upload', [
      { system: 'issuance', amount: -100 },
      { ...member(m.id), amount: 100 },
    ]);
    await post('redemption', [
      { ...member(m.id), amount: -30 },
      { system: 'redemptions', amount: 30 },
    ]);
    await post('redemption_refund', [
      { system: 'redemptions', amount: -30 },
      { ...member(m.id), amount: 30 },
    ]);
    await post('payitforward', [
      { ...member(m.id), amount: -20 },
      { system: 'issuance', amount: 20 },
    ]);
    await post('upload_reversal', [
      { ...member(m.id), amount: -80 },
      { system: 'issuance', amount: 80 },
    ]);

    const t = await query('reportmemberbalances', { filters: { search: 'Undone' } });
    expect(rowOf(t, 'member', `Test Undone`)).toMatchObject({ pointsEarned: 20, pointsSpent: 20, pointsBalance: 0 });
  });

  it('a reversed team budget upload is not allocated, in both manager reports', async () => {
    const boss = await createMember(ctx.app, { surname: 'Reversed', isManager: true });
    await transfer(ctx.app.db, {
      kind: 'upload',
      legs: [
        { system: 'issuance', amount: -1000 },
        { ...member(boss.id, 'team_budget'), amount: 1000 },
      ],
    });
    await transfer(ctx.app.db, {
      kind: 'upload_reversal',
      legs: [
        { ...member(boss.id, 'team_budget'), amount: -1000 },
        { system: 'issuance', amount: 1000 },
      ],
    });
    const balances = await query('reportmanagerbalances', { filters: { search: 'Reversed' } });
    expect(rowOf(balances, 'member', 'Test Reversed')).toMatchObject({
      opening: 0,
      allocated: 0,
      spent: 0,
      closing: 0,
      movements: 2,
    });
    const management = await query('reportmanagement', { filters: { search: 'Reversed' } });
    expect(rowOf(management, 'member', 'Test Reversed')).toMatchObject({ allocated: 0, spent: 0, remaining: 0 });
  });
});
