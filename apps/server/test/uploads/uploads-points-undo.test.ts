import { describe, expect, it } from 'vitest';
import { transfer } from '../../src/core/ledger/transfer.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { createMember, login } from '../support/factories.ts';
import { POINTS_HEADER, setupUploads, tag } from '../support/upload-fixtures.ts';
import { apply, checked, csv, reverse, settled } from '../support/upload-helpers.ts';

/** Undoing a points upload: reversed with compensating transactions once applied, discarded before. */
const { ctx, admin, balances } = setupUploads();

describe('points uploads', () => {
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
