import { describe, expect, it } from 'vitest';
import { createMember } from '../support/factories.ts';
import { POINTS_HEADER, setupUploads, tag } from '../support/upload-fixtures.ts';
import { checked, csv } from '../support/upload-helpers.ts';

/** How a points file's cells are read: grouped thousands, a decimal comma, a repeated row (decision 0100). */
const { ctx, admin } = setupUploads();

describe('points files, row by row', () => {
  it('refuses a row the same as an earlier one (member, points, account and reason), naming it', async () => {
    const token = await admin();
    const a = await createMember(ctx.app);
    const reason = `Bonus ${tag()}`;
    const file = csv([
      POINTS_HEADER,
      [a.employeeNumber, 250, 'personal', reason],
      [a.employeeNumber, 250, 'personal', `${reason} (second)`],
      [a.employeeNumber, 250, 'personal', reason.toUpperCase()],
      [a.employeeNumber, 300, 'personal', reason],
    ]);
    const preview = await checked(ctx, token, 'points', { name: 'twice.csv', bytes: file });
    expect(preview.summary).toMatchObject({ rows: 4, valid: 3, refused: 1, personalPoints: 800 });
    expect(preview.refusedRows).toEqual([
      { row: 4, reason: 'The same as row 2: give each credit its own reason if both are meant' },
    ]);
  });

  it('reads thousands grouped by spaces or commas as the whole number they write', async () => {
    const token = await admin();
    const a = await createMember(ctx.app);
    const file = csv([
      POINTS_HEADER,
      [a.employeeNumber, '1,000', 'personal', `Comma ${tag()}`],
      [a.employeeNumber, '2 500', 'personal', `Space ${tag()}`],
      [a.employeeNumber, '12,345', 'personal', `Two groups ${tag()}`],
    ]);
    const preview = await checked(ctx, token, 'points', { name: 'grouped.csv', bytes: file });
    expect(preview.summary).toMatchObject({ rows: 3, valid: 3, refused: 0, personalPoints: 15_845 });
  });
});
