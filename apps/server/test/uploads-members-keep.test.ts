import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../src/db/schema/index.ts';
import { createMember, memberWithToken } from './factories.ts';
import { setupUploads, tag } from './upload-fixtures.ts';
import { apply, checked, csv, settled } from './upload-helpers.ts';

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
