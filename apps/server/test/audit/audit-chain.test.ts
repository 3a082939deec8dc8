import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { audit, pruneAudit, sealAudit, verifyAudit } from '../../src/core/audit/audit-log.repository.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { setupApp } from '../support/build-app.ts';

/** The audit trail's chain (issue 43, decision 0113): sealed, proved, guarded, pruned. */
describe('audit trail chain', () => {
  const ctx = setupApp();
  const db = () => ctx.app.db;

  /** Changes a row as someone with SQL and the power to drop a trigger would. */
  async function tamper(statement: ReturnType<typeof sql>) {
    await db().execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await db().execute(statement);
    } finally {
      await db().execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
  }

  // Each test starts from an empty trail (the file shares one database).
  beforeEach(async () => {
    await tamper(sql`delete from audit_log`);
    await db().execute(sql`delete from audit_checkpoints`);
  });

  /** The database's refusal, under the driver's wrapping. */
  const refusal = async (statement: ReturnType<typeof sql>) => {
    const error = await db()
      .execute(statement)
      .then(() => null)
      .catch((e: unknown) => e as Error & { cause?: Error });
    return String(error?.cause?.message ?? error?.message ?? 'no error');
  };

  async function written(n: number, action = 'settings.update') {
    for (let i = 0; i < n; i++) {
      await audit(
        db(),
        { actor: { kind: 'member', memberId: 1 }, traceId: `trace-${i}` },
        {
          action,
          target: { kind: 'setting', id: 'payItForward' },
          before: { dailyCap: 3, nested: { b: 1, a: [1, 'two', null] } },
          after: { dailyCap: 4 + i, note: 'Zoë Müller-Nkosi' },
          ledgerTransactionId: 9_000_000_000 + i,
        },
      );
    }
  }

  const idAt = async (n: number) =>
    Number(
      (await queryRows<{ id: number }>(db(), sql`select id from audit_log order by id offset ${n} limit 1`))[0]!.id,
    );

  it('seals the rows written into one chain that verifies, and finds a one-byte change made with SQL', async () => {
    await written(5);
    expect(await verifyAudit(db())).toMatchObject({ sealed: 0, unsealed: 5 });
    expect(await sealAudit(db())).toBe(5);
    expect(await verifyAudit(db())).toEqual({ sealed: 5, unsealed: 0 });
    await written(2);
    await sealAudit(db());
    expect(await verifyAudit(db())).toEqual({ sealed: 7, unsealed: 0 });

    const third = await idAt(2);
    await tamper(sql`update audit_log set after = jsonb_set(after, '{dailyCap}', '7') where id = ${third}`);
    const proof = await verifyAudit(db());
    expect(proof.broken).toEqual({ id: third, seq: 3, reason: 'its content does not match its hash' });
  });

  it('finds a row removed from the middle, and a row whose hash was recomputed to match', async () => {
    await written(4);
    await sealAudit(db());
    const second = await idAt(1);
    await tamper(sql`delete from audit_log where id = ${second}`);
    expect((await verifyAudit(db())).broken).toMatchObject({ seq: 3, reason: 'the chain has no row at seq 2' });
  });

  it('finds a change to any one column of a sealed row', async () => {
    await written(2);
    await sealAudit(db());
    const id = await idAt(1);
    const changes = [
      sql`update audit_log set at = at + interval '1 millisecond' where id = ${id}`,
      sql`update audit_log set actor_member_id = 2 where id = ${id}`,
      sql`update audit_log set action = 'settings.updatf' where id = ${id}`,
      sql`update audit_log set target_id = 'payItForwarD' where id = ${id}`,
      sql`update audit_log set before = '{"dailyCap": 3}' where id = ${id}`,
      sql`update audit_log set ledger_transaction_id = ledger_transaction_id + 1 where id = ${id}`,
      sql`update audit_log set trace_id = 'trace-X' where id = ${id}`,
    ];
    const [original] = await queryRows<Record<string, unknown>>(db(), sql`select * from audit_log where id = ${id}`);
    for (const change of changes) {
      await tamper(change);
      expect((await verifyAudit(db())).broken, String(change.queryChunks[0])).toMatchObject({ id, seq: 2 });
      await tamper(sql`update audit_log set at = ${original!.at}::timestamptz, actor_member_id = ${original!.actor_member_id},
        action = ${original!.action}, target_id = ${original!.target_id}, before = ${JSON.stringify(original!.before)}::jsonb,
        ledger_transaction_id = ${original!.ledger_transaction_id}, trace_id = ${original!.trace_id} where id = ${id}`);
      expect((await verifyAudit(db())).broken).toBeUndefined();
    }
  });

  it('refuses the server’s UPDATE, DELETE and TRUNCATE, but lets the sealer seal', async () => {
    await written(1);
    const id = await idAt(0);
    for (const statement of [
      sql`update audit_log set action = 'x' where id = ${id}`,
      sql`update audit_log set seq = 1, chain_hash = 'x', action = 'x' where id = ${id}`,
      sql`delete from audit_log where id = ${id}`,
      sql`truncate audit_log`,
    ]) {
      expect(await refusal(statement)).toMatch(/append-only/);
    }
    expect(await sealAudit(db())).toBe(1);
    // Sealed, a row cannot be sealed again with another place.
    expect(await refusal(sql`update audit_log set seq = 99 where id = ${id}`)).toMatch(/append-only/);
    expect(await verifyAudit(db())).toEqual({ sealed: 1, unsealed: 0 });
  });

  it('prunes sealed rows past the retention, leaving a checkpoint the rest verifies from', async () => {
    await written(3);
    await sealAudit(db());
    const later = new Date(Date.now() + 10 * 86_400_000);
    await written(2, 'roles.change');
    await sealAudit(db());
    // Nothing is old enough yet.
    expect(await pruneAudit(db(), 30)).toBe(0);
    // Ten days on, a 5-day retention removes every sealed row (all are older).
    expect(await pruneAudit(db(), 5, later)).toBe(5);
    const [checkpoint] = await queryRows<{ seq: string; removed: number }>(
      db(),
      sql`select seq::text, removed from audit_checkpoints`,
    );
    expect(checkpoint).toEqual({ seq: '5', removed: 5 });
    await written(1);
    await sealAudit(db());
    expect(await verifyAudit(db())).toEqual({ sealed: 1, unsealed: 0 });
    const [row] = await queryRows<{ seq: string }>(db(), sql`select seq::text from audit_log`);
    expect(row!.seq).toBe('6');
  });
});
