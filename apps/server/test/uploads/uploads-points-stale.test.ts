import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/index.ts';
import { createMember } from '../support/factories.ts';
import { POINTS_HEADER, setupUploads, tag } from '../support/upload-fixtures.ts';
import { apply, checked, csv, settled } from '../support/upload-helpers.ts';

/** A points file is applied once, and only while what its check found still holds. */
const { ctx, admin, balances } = setupUploads();

describe('points uploads', () => {
  it('refuses the same file twice and says when it was applied; an apply replays by its key', async () => {
    const token = await admin();
    const a = await createMember(ctx.app);
    const bytes = csv([POINTS_HEADER, [a.employeeNumber, 7, 'personal', `Once ${tag()}`]]);
    const first = await checked(ctx, token, 'points', { name: 'once.csv', bytes });
    const key = `apply-${tag()}-key`;
    expect((await apply(ctx, token, first.uploadId, key)).statusCode).toBe(202);
    const replayed = await apply(ctx, token, first.uploadId, key);
    expect(replayed.statusCode).toBe(202);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ uploadId: first.uploadId, status: 'applying' });
    await settled(ctx, token, first.uploadId);

    const again = await checked(ctx, token, 'points', { name: 'renamed.csv', bytes });
    expect(again.canApply).toBe(false);
    expect(again.duplicateOf).toMatchObject({ uploadId: first.uploadId });
    const refused = await apply(ctx, token, again.uploadId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/already applied on \d\d\/\d\d\/\d{4} \d\d:\d\d .*\(upload \d+\)/);
    expect((await balances(a.id)).awardsPointsAvailable).toBe(7);
  });

  it('refuses to apply a file whose member left, or stopped managing, since the check', async () => {
    const token = await admin();
    const a = await createMember(ctx.app);
    const mgr = await createMember(ctx.app, { isManager: true });
    const left = await checked(ctx, token, 'points', {
      name: 'left.csv',
      bytes: csv([POINTS_HEADER, [a.employeeNumber, 9, 'personal', `Left ${tag()}`]]),
    });
    const demoted = await checked(ctx, token, 'points', {
      name: 'demoted.csv',
      bytes: csv([POINTS_HEADER, [mgr.employeeNumber, 90, 'team', `Team ${tag()}`]]),
    });
    expect([left.canApply, demoted.canApply]).toEqual([true, true]);
    await ctx.app.db.update(members).set({ active: false }).where(eq(members.id, a.id));
    await ctx.app.db.update(members).set({ isManager: false }).where(eq(members.id, mgr.id));

    const refusedLeft = await apply(ctx, token, left.uploadId);
    expect(refusedLeft.statusCode).toBe(409);
    expect(refusedLeft.json().message).toBe(
      `Member ${a.employeeNumber} has left the firm since this file was checked: upload the file again to check it.`,
    );
    const refusedDemoted = await apply(ctx, token, demoted.uploadId);
    expect(refusedDemoted.statusCode).toBe(409);
    expect(refusedDemoted.json().message).toMatch(/is no longer a manager since this file was checked/);
    expect((await settled(ctx, token, left.uploadId)).status).toBe('checked');
    expect((await balances(a.id)).awardsPointsAvailable).toBe(0);
    expect((await balances(mgr.id)).awardsPointsAvailableMng).toBe(0);
  });
});
