import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/index.ts';
import { readMemberBalances } from '../../src/core/ledger/accounts.repository.ts';
import { InsufficientFundsError, transfer } from '../../src/core/ledger/transfer.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { withRetry } from '../../src/db/with-retry.ts';
import { applyUpload } from '../../src/modules/uploads/apply-upload.ts';
import { findUpload } from '../../src/modules/uploads/uploads.repository.ts';
import { SendRateLimiter } from '../../src/core/sends/send-limits.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { apply, checked, csv, reverse, settled } from '../support/upload-helpers.ts';
import { ProgrammeSettings } from '../../src/core/settings/programme-settings.ts';

/** Real concurrency and real transactions, so PostgreSQL only (PGlite runs one transaction at a time). */
const ctx = setupApp();
const HEADER = ['Employee number', 'Points', 'Account', 'Reason'];

async function manyMembers(n: number) {
  const t = randomBytes(3).toString('hex');
  const rows = await ctx.app.db
    .insert(members)
    .values(
      Array.from({ length: n }, (_, i) => ({
        employeeNumber: `P${t}${i}`,
        firstName: 'Bulk',
        surname: `Member ${i}`,
        country: 'South Africa',
      })),
    )
    .returning({ id: members.id, employeeNumber: members.employeeNumber });
  return rows;
}

const spend = (memberId: number, points: number) =>
  withRetry(() =>
    transfer(ctx.app.db, {
      kind: 'payitforward',
      legs: [
        { member: { memberId, kind: 'points' }, amount: -points },
        { system: 'redemptions', amount: points },
      ],
    }),
  ).then(
    () => true,
    (error: unknown) => {
      if (error instanceof InsufficientFundsError) return false;
      throw error;
    },
  );

const fund = (memberId: number, points: number) =>
  transfer(ctx.app.db, {
    kind: 'issuance',
    legs: [
      { system: 'issuance', amount: -points },
      { member: { memberId, kind: 'points' }, amount: points },
    ],
  });

const balance = async (memberId: number) => (await readMemberBalances(ctx.app.db, memberId)).awardsPointsAvailable;

describe('points uploads on PostgreSQL', () => {
  it('applies a 10,000-row file while members spend: totals exact, ledger clean', async () => {
    const token = (await memberWithToken(ctx, { isAdminReports: true })).token;
    const people = await manyMembers(200);
    for (const p of people) await fund(p.id, 50);
    const rows: (string | number)[][] = [HEADER];
    const uploaded = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      const p = people[i % people.length]!;
      const points = (i % 5) + 1;
      rows.push([p.employeeNumber, points, 'personal', `Bulk ${i}`]);
      uploaded.set(p.id, (uploaded.get(p.id) ?? 0) + points);
    }
    const up = await checked(ctx, token, 'points', { name: 'bulk.csv', bytes: csv(rows) });
    expect(up.summary).toMatchObject({ rows: 10_000, valid: 10_000, refused: 0 });

    expect((await apply(ctx, token, up.uploadId)).statusCode).toBe(202);
    // Meanwhile every member spends 1 point at a time, 20 times.
    const spent = new Map<number, number>();
    await Promise.all(
      people.slice(0, 100).map(async (p) => {
        for (let i = 0; i < 20; i++) if (await spend(p.id, 1)) spent.set(p.id, (spent.get(p.id) ?? 0) + 1);
      }),
    );
    const done = await settled(ctx, token, up.uploadId, 120_000);
    expect(done.status).toBe('applied');
    for (const p of people) expect(await balance(p.id)).toBe(50 + uploaded.get(p.id)! - (spent.get(p.id) ?? 0));
    const linked = (await ctx.app.db.execute(
      sql`select count(*)::int as n from upload_rows r join ledger_transactions t on t.id = r.transaction_id
          where r.upload_id = ${up.uploadId} and t.kind = 'upload'`,
    )) as unknown as { rows: { n: number }[] };
    expect(linked.rows[0]!.n).toBe(10_000);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  }, 180_000);

  it('a reversal racing a spend: either the spend or the reversal wins, never both', async () => {
    const token = (await memberWithToken(ctx, { isAdminReports: true })).token;
    const [a, b] = await manyMembers(2);
    const up = await checked(ctx, token, 'points', {
      name: 'race.csv',
      bytes: csv([HEADER, [a!.employeeNumber, 40, 'personal', 'Race'], [b!.employeeNumber, 10, 'personal', 'Race']]),
    });
    await apply(ctx, token, up.uploadId);
    await settled(ctx, token, up.uploadId);
    const [reversed, spentOk] = await Promise.all([reverse(ctx, token, up.uploadId), spend(a!.id, 5)]);
    if (reversed.statusCode === 200) {
      expect(spentOk).toBe(false);
      expect(await balance(a!.id)).toBe(0);
    } else {
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json().message).toContain(`row 2 (${a!.employeeNumber} holds 35 of the 40 uploaded)`);
      expect(spentOk).toBe(true);
      expect(await balance(a!.id)).toBe(35);
      expect(await balance(b!.id)).toBe(10);
    }
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('a crash during the apply leaves nothing; the restarted apply posts everything', async () => {
    const token = (await memberWithToken(ctx, { isAdminReports: true })).token;
    const people = await manyMembers(50);
    const rows: (string | number)[][] = [HEADER];
    for (let i = 0; i < 5_000; i++) rows.push([people[i % 50]!.employeeNumber, 2, 'personal', `Crash ${i}`]);
    const up = await checked(ctx, token, 'points', { name: 'crash.csv', bytes: csv(rows) });
    // Claim it as the route does, then run the apply with a process that dies after the first chunk.
    await ctx.app.db.execute(sql`update uploads set status = 'applying' where id = ${up.uploadId}`);
    const deps = {
      db: ctx.app.db,
      transactions: ctx.app.database.transactions,
      log: ctx.app.log,
      limiter: new SendRateLimiter(),
      publish: () => undefined,
      settings: ProgrammeSettings.fromDatabase(ctx.app.db),
    };
    await expect(
      applyUpload(
        {
          deps,
          publicUrl: 'http://localhost',
          progress: (done) => {
            if (done >= 2000) throw new Error('process killed');
          },
        },
        up.uploadId,
      ),
    ).rejects.toThrow('process killed');
    for (const p of people) expect(await balance(p.id)).toBe(0);
    expect((await findUpload(ctx.app.db, up.uploadId))!.upload.status).toBe('applying');

    // After the restart the interrupted apply runs again and posts every row once.
    await applyUpload({ deps, publicUrl: 'http://localhost', progress: () => undefined }, up.uploadId);
    for (const p of people) expect(await balance(p.id)).toBe(200);
    expect((await findUpload(ctx.app.db, up.uploadId))!.upload.status).toBe('applied');
    // A second runner (another instance resuming too) is a no-op.
    await applyUpload({ deps, publicUrl: 'http://localhost', progress: () => undefined }, up.uploadId);
    for (const p of people) expect(await balance(p.id)).toBe(200);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  }, 120_000);
});
