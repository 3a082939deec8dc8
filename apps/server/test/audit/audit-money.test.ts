import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/sql-rows.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { fund, relaxLimits, send } from '../support/ledger-factories.ts';

/**
 * Money moved through the send runner leaves one audit row a send, in its own transaction,
 * naming its ledger transaction and copying no amount or message (issue 43, decision 0113).
 */
describe('audited sends', () => {
  const ctx = setupApp();

  const auditOf = (memberId: number, action: string) =>
    queryRows<{
      n: number;
      ledgerTransactionId: string | null;
      after: { recipients: number[]; points: number };
      traceId: string | null;
    }>(
      ctx.app.db,
      sql`select count(*) over ()::int as n, ledger_transaction_id::text as "ledgerTransactionId", after, trace_id as "traceId"
          from audit_log where actor_member_id = ${memberId} and action = ${action}`,
    );

  it('a Pay It Forward names its posting; a High Five, which moves nothing, names none', async () => {
    await relaxLimits(ctx.app);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 100);
    const colleague = await createMember(ctx.app);
    const paid = await send(ctx, '/api/payitforward/send', token, {
      toMemberId: colleague.id,
      points: 10,
      message: 'For the audit file, thank you',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await auditOf(member.id, 'kudos.payitforward');
    expect(row).toMatchObject({ n: 1, after: { recipients: [colleague.id], points: 10 } });
    // The request's id, as its answer's x-request-id header gives it.
    expect(row!.traceId).toBe(paid.headers['x-request-id']);
    const [posting] = await queryRows<{ kind: string }>(
      ctx.app.db,
      sql`select kind from ledger_transactions where id = ${row!.ledgerTransactionId}::bigint`,
    );
    expect(posting).toEqual({ kind: 'payitforward' });

    const high5 = await send(ctx, '/api/high5/send', token, { toMemberId: colleague.id, message: 'Nice work today' });
    expect(high5.statusCode, high5.body).toBe(200);
    expect(await auditOf(member.id, 'kudos.high5')).toEqual([
      expect.objectContaining({ n: 1, ledgerTransactionId: null }),
    ]);
    // The messages stay in the thread, not in the trail.
    const [text] = await queryRows<{ t: string }>(
      ctx.app.db,
      sql`select string_agg(after::text, ' ') as t from audit_log`,
    );
    expect(text!.t).not.toContain('audit file');
  });

  it('a refused send and a replayed one write no second row', async () => {
    await relaxLimits(ctx.app);
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 5);
    const colleague = await createMember(ctx.app);
    const body = { toMemberId: colleague.id, points: 5, message: 'Once only' };
    const key = 'audit-replay-key-1';
    expect((await send(ctx, '/api/payitforward/send', token, body, key)).statusCode).toBe(200);
    expect((await send(ctx, '/api/payitforward/send', token, body, key)).statusCode).toBe(200);
    const refused = await send(ctx, '/api/payitforward/send', token, { ...body, message: 'Too much' });
    expect(refused.statusCode).toBe(422);
    expect((await auditOf(member.id, 'kudos.payitforward')).length).toBe(1);
  });
});
