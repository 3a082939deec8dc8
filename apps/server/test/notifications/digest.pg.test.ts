import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, kudos } from '../../src/db/schema/index.ts';
import { runWeeklyDigest } from '../../src/modules/notifications/digest.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember } from '../support/factories.ts';

/** Several instances run the weekly digest at once: PostgreSQL only (PGlite is one process). */
describe('weekly digest on several instances (PostgreSQL)', () => {
  const ctx = setupApp();

  it('sends each member one digest a week, however many schedulers run', async () => {
    const sender = await createMember(ctx.app);
    const recipients = [];
    for (let i = 0; i < 30; i++) recipients.push(await createMember(ctx.app));
    await ctx.app.db.insert(kudos).values(
      recipients.map((r) => ({
        kind: 'high5' as const,
        fromMemberId: sender.id,
        toMemberId: r.id,
        message: 'Thanks',
        createdAt: new Date('2026-11-18T10:00:00Z'),
      })),
    );
    const deps = { db: ctx.app.db, log: ctx.app.log, publicUrl: 'https://ovation.example' };
    const now = new Date('2026-11-24T06:00:00Z');
    const counts = await Promise.all([1, 2, 3, 4].map(() => runWeeklyDigest(deps, now)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    const rows = await ctx.app.db
      .select({ to: emailOutbox.toAddress, n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'weekly-digest'))
      .groupBy(emailOutbox.toAddress);
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(rows.map((r) => r.to).sort()).toEqual(recipients.map((r) => r.email!).sort());
    expect(await runWeeklyDigest(deps, now)).toBe(0);
    expect(
      await ctx.app.db
        .select()
        .from(emailOutbox)
        .where(inArray(emailOutbox.toAddress, [sender.email!])),
    ).toHaveLength(0);
  });
});
