import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, members } from '../../src/db/schema/index.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { MEMBERS_HEADER, memberRow, setupUploads, tag } from '../support/upload-fixtures.ts';
import { apply, checked, settled, xlsx } from '../support/upload-helpers.ts';

/**
 * What a members upload may change depends on who uploads and who applies (decision 0070): roles,
 * report administrators, sign-in addresses and the uploader's own record.
 */
const { ctx } = setupUploads();

describe('members uploads', () => {
  it('an uploader without role management changes no roles, no administrator, no address and not themselves', async () => {
    const { member: uploader, token } = await memberWithToken(ctx, { roles: 'upl-mem' });
    const admin = await createMember(ctx.app, { isAdminReports: true });
    const plain = await createMember(ctx.app);
    const moving = await createMember(ctx.app, { firstName: 'Moving' });
    const t = tag();
    const file = await xlsx([
      MEMBERS_HEADER,
      memberRow(uploader, { roles: 'upl-mem,upl-pts' }),
      memberRow(admin, { email: `taken.${t}@evil.test` }),
      memberRow(plain, { roles: 'rep' }),
      memberRow(
        { employeeNumber: `R${t}`, firstName: 'New', surname: 'Joiner', email: `joiner.${t}@example.test` },
        { roles: 'news' },
      ),
      memberRow(moving, { email: `moved.${t}@example.test` }),
      memberRow(admin), // unchanged: nothing to refuse
      memberRow(
        { ...plain, employeeNumber: `S${t}`, email: `report.${t}@example.test` },
        { manager: uploader.employeeNumber },
      ),
    ]);
    const preview = await checked(ctx, token, 'members', { name: 'grab.xlsx', bytes: file });
    expect(preview.refusedRows).toEqual([
      { row: 2, reason: 'You cannot change your own record by upload; ask another uploader or a report administrator' },
      {
        row: 3,
        reason: `Member ${admin.employeeNumber} is a report administrator: only a report administrator can change their record by upload`,
      },
      { row: 4, reason: 'Roles are granted by a report administrator on the roles report: leave Roles empty' },
      { row: 5, reason: 'Roles are granted by a report administrator on the roles report: leave Roles empty' },
      {
        row: 6,
        reason: `Member ${moving.employeeNumber}'s e-mail address is changed by a report administrator, or by the member on My Profile: leave E-mail empty`,
      },
      {
        row: 8,
        reason:
          'This row names you as a manager, which would change your own record; ask another uploader or a report administrator',
      },
    ]);
    expect(preview.summary).toMatchObject({ valid: 1, refused: 6, unchanged: 1 });
    expect((await apply(ctx, token, preview.uploadId)).statusCode).toBe(202);
    expect((await settled(ctx, token, preview.uploadId)).status).toBe('applied');

    const roleOf = async (id: number) =>
      (
        await ctx.app.db.select({ roles: members.roles, email: members.email }).from(members).where(eq(members.id, id))
      )[0]!;
    expect(await roleOf(uploader.id)).toMatchObject({ roles: 'upl-mem' });
    expect(await roleOf(admin.id)).toMatchObject({ email: admin.email });
    expect(await roleOf(plain.id)).toMatchObject({ roles: '' });
    expect(await roleOf(moving.id)).toMatchObject({ email: moving.email });
    const [still] = await ctx.app.db
      .select({ isManager: members.isManager })
      .from(members)
      .where(eq(members.id, uploader.id));
    expect(still!.isManager).toBe(false);
  });

  it("a report administrator's file moves an address, and the old one is told", async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const moving = await createMember(ctx.app, { firstName: 'Moving' });
    const t = tag();
    const preview = await checked(ctx, token, 'members', {
      name: 'moves.xlsx',
      bytes: await xlsx([MEMBERS_HEADER, memberRow(moving, { email: `moved.${t}@example.test` })]),
    });
    expect(preview.refusedRows).toEqual([]);
    expect((await apply(ctx, token, preview.uploadId)).statusCode).toBe(202);
    expect((await settled(ctx, token, preview.uploadId)).status).toBe('applied');
    const [now] = await ctx.app.db.select({ email: members.email }).from(members).where(eq(members.id, moving.id));
    expect(now!.email).toBe(`moved.${t}@example.test`);
    const told = await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, moving.email!));
    expect(told.map((m) => m.kind)).toEqual(['email-changed']);
    expect(told[0]!.bodyText).toContain(`moved.${t}@example.test`);
  });

  it('the applier may not apply what the check passed for someone else: their own record, or powers they lack', async () => {
    const first = await memberWithToken(ctx, { roles: 'upl-mem' });
    const second = await memberWithToken(ctx, { roles: 'upl-mem' });
    const admin = await memberWithToken(ctx, { isAdminReports: true });
    const moving = await createMember(ctx.app);
    const t = tag();
    // Checked for the first uploader, it changes the second's record (allowed for the first).
    const theirs = await checked(ctx, first.token, 'members', {
      name: 'second.xlsx',
      bytes: await xlsx([MEMBERS_HEADER, memberRow({ ...second.member, firstName: 'Renamed' })]),
    });
    expect(theirs.refusedRows).toEqual([]);
    const own = await apply(ctx, second.token, theirs.uploadId);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('This file changes your own record: another uploader must apply it.');
    // Checked for a report administrator, it moves an address: only one may apply it.
    const moves = await checked(ctx, admin.token, 'members', {
      name: 'admin.xlsx',
      bytes: await xlsx([MEMBERS_HEADER, memberRow(moving, { email: `moved2.${t}@example.test` })]),
    });
    const lacking = await apply(ctx, first.token, moves.uploadId);
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json().message).toBe(
      'This file was checked for a report administrator: a report administrator must apply it.',
    );
    // Neither refusal moved the uploads on: the first uploader may still apply the first file.
    expect((await apply(ctx, first.token, theirs.uploadId)).statusCode).toBe(202);
    expect((await settled(ctx, first.token, theirs.uploadId)).status).toBe('applied');
  });
});
