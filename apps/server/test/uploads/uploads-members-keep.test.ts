import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/index.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { setupUploads, tag } from '../support/upload-fixtures.ts';
import { apply, checked, csv, settled } from '../support/upload-helpers.ts';

const { ctx } = setupUploads();

const activeOf = async (ids: number[]) =>
  new Map(
    (
      await ctx.app.db.select({ id: members.id, active: members.active }).from(members).where(inArray(members.id, ids))
    ).map((m) => [m.id, m.active]),
  );

describe('members uploads: what an empty cell keeps', () => {
  it('an empty Active, or a file without the column, keeps a leaver inactive and a member active; a new member is active', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const t = tag();
    const leaver = await createMember(ctx.app, { active: false });
    const stayer = await createMember(ctx.app);
    const row = (m: { employeeNumber: string; firstName: string; surname: string }) => [
      m.employeeNumber,
      m.firstName,
      m.surname,
      'South Africa',
    ];
    // An HR file with only the required columns: nobody's state changes.
    const file = csv([
      ['Employee number', 'First name', 'Surname', 'Country', 'E-mail'],
      [...row(leaver), ''],
      [...row(stayer), ''],
      [`K${t}1`, 'New', 'Joiner', 'South Africa', `joiner.${t}@example.test`],
    ]);
    const preview = await checked(ctx, token, 'members', { name: 'hr.csv', bytes: file });
    expect(preview.summary).toMatchObject({ rows: 3, valid: 3, created: 1, updated: 0, deactivated: 0, unchanged: 2 });
    expect((await apply(ctx, token, preview.uploadId)).statusCode).toBe(202);
    expect((await settled(ctx, token, preview.uploadId)).status).toBe('applied');
    expect(await activeOf([leaver.id, stayer.id])).toEqual(
      new Map([
        [leaver.id, false],
        [stayer.id, true],
      ]),
    );
    const [joiner] = await ctx.app.db
      .select()
      .from(members)
      .where(eq(members.employeeNumber, `K${t}1`));
    expect(joiner!.active).toBe(true);

    // Said plainly, yes brings the leaver back and no deactivates; an empty cell beside them keeps.
    const stated = csv([
      ['Employee number', 'First name', 'Surname', 'Country', 'Active'],
      [...row(leaver), 'yes'],
      [...row(stayer), 'no'],
      [`K${t}1`, 'New', 'Joiner', 'South Africa', ''],
    ]);
    const second = await checked(ctx, token, 'members', { name: 'stated.csv', bytes: stated });
    expect(second.summary).toMatchObject({ rows: 3, valid: 3, updated: 1, deactivated: 1, unchanged: 1 });
    expect((await apply(ctx, token, second.uploadId)).statusCode).toBe(202);
    expect((await settled(ctx, token, second.uploadId)).status).toBe('applied');
    expect(await activeOf([leaver.id, stayer.id, joiner!.id])).toEqual(
      new Map([
        [leaver.id, true],
        [stayer.id, false],
        [joiner!.id, true],
      ]),
    );
  });

  it("refuses rows whose managers would loop, in the file or through today's managers", async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const t = tag();
    const boss = await createMember(ctx.app);
    const report = await createMember(ctx.app, { managerId: boss.id });
    const file = csv([
      ['Employee number', 'First name', 'Surname', 'Country', 'E-mail', 'Manager employee number'],
      [`L${t}1`, 'Loop', 'One', 'South Africa', `one.${t}@example.test`, `L${t}2`],
      [`L${t}2`, 'Loop', 'Two', 'South Africa', `two.${t}@example.test`, `L${t}1`],
      [boss.employeeNumber, boss.firstName, boss.surname, 'South Africa', '', report.employeeNumber],
      [`L${t}3`, 'Under', 'Loop', 'South Africa', `three.${t}@example.test`, `L${t}1`],
      [`L${t}4`, 'Fine', 'Report', 'South Africa', `four.${t}@example.test`, boss.employeeNumber],
    ]);
    const preview = await checked(ctx, token, 'members', { name: 'loops.csv', bytes: file });
    expect(preview.summary).toMatchObject({ rows: 5, valid: 1, refused: 4 });
    expect(preview.refusedRows).toEqual([
      { row: 2, reason: `Manager L${t}2 would make a loop: L${t}1 → L${t}2 → L${t}1` },
      { row: 3, reason: `Manager L${t}1 would make a loop: L${t}2 → L${t}1 → L${t}2` },
      {
        row: 4,
        reason: `Manager ${report.employeeNumber} would make a loop: ${boss.employeeNumber} → ${report.employeeNumber} → ${boss.employeeNumber}`,
      },
      { row: 5, reason: `Manager L${t}1 is neither a member nor a valid row in this file` },
    ]);
  });

  it('refuses a birth date in the future', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const t = tag();
    const next = new Date().getUTCFullYear() + 1;
    const file = csv([
      ['Employee number', 'First name', 'Surname', 'Country', 'E-mail', 'Birth date'],
      [`B${t}1`, 'Not', 'Yet', 'South Africa', `notyet.${t}@example.test`, `01/01/${next}`],
      [`B${t}2`, 'Born', 'Already', 'South Africa', `born.${t}@example.test`, '14/03/1994'],
    ]);
    const preview = await checked(ctx, token, 'members', { name: 'births.csv', bytes: file });
    expect(preview.summary).toMatchObject({ rows: 2, valid: 1, refused: 1 });
    expect(preview.refusedRows).toEqual([{ row: 2, reason: `Birth date “01/01/${next}” is in the future` }]);
  });
});
