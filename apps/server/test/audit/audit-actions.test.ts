import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sealAll } from '../../src/core/audit/audit-jobs.ts';
import { verifyAudit } from '../../src/core/audit/audit-log.repository.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';
import { entraUser, integrationToken, scim } from '../support/scim-factories.ts';

/** What the audit trail records of administrators', integrations' and sign-ins' actions (issue 43). */
describe('audited actions', () => {
  const ctx = setupApp();

  const rowsOf = (action: string) =>
    queryRows<{
      actorKind: string;
      actorMemberId: number | null;
      actorTokenId: number | null;
      actorLabel: string | null;
      targetKind: string | null;
      targetId: string | null;
      before: unknown;
      after: unknown;
      traceId: string | null;
    }>(
      ctx.app.db,
      sql`select actor_kind as "actorKind", actor_member_id as "actorMemberId", actor_token_id as "actorTokenId",
            actor_label as "actorLabel", target_kind as "targetKind", target_id as "targetId", before, after,
            trace_id as "traceId"
          from audit_log where action = ${action} order by id`,
    );

  /** The Audit Trail report, as the screen asks for it. */
  async function auditReport(token: string, search: string) {
    const answer = await ctx.request({
      method: 'POST',
      url: '/api/reports/reportaudit/query',
      token,
      payload: { filters: { search } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const t = answer.json() as { fields: string[]; rows: unknown[][] };
    return t.rows.map((row) => Object.fromEntries(t.fields.map((f, i) => [f, row[i]]))) as Record<string, string>[];
  }

  it('answers who changed a setting and what it was before, on the Audit Trail report', async () => {
    const { member: admin, token } = await memberWithToken(ctx, { isAdminReports: true, firstName: 'Auditee' });
    for (const keepDays of [30, 60]) {
      const saved = await ctx.request({
        method: 'PUT',
        url: '/api/admin/integrations/leavers',
        token,
        payload: { points: 'keep', keepDays },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const changes = await rowsOf('settings.update');
    expect(changes.slice(-2)).toEqual([
      expect.objectContaining({
        actorKind: 'member',
        actorMemberId: admin.id,
        targetKind: 'setting',
        targetId: 'leavers',
        before: { points: 'keep', keepDays: 90 },
        after: { points: 'keep', keepDays: 30 },
        traceId: expect.any(String),
      }),
      expect.objectContaining({ before: { points: 'keep', keepDays: 30 }, after: { points: 'keep', keepDays: 60 } }),
    ]);
    const shown = await auditReport(token, 'settings.update');
    expect(shown[0]).toMatchObject({
      actor: expect.stringContaining('Auditee'),
      action: 'settings.update',
      target: 'setting leavers',
      before: expect.stringContaining('"keepDays": 30'),
      after: expect.stringContaining('"keepDays": 60'),
    });
    // The report is for report administrators only.
    const { token: member } = await memberWithToken(ctx);
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/reports/reportaudit/query',
      token: member,
      payload: { filters: {} },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('records tokens made, rotated and revoked without their secret, and the directory’s changes as the token', async () => {
    const { secret, tokenId, adminToken } = await integrationToken(ctx, ['scim'], 'Audit directory');
    const rotated = await ctx.request({
      method: 'POST',
      url: `/api/admin/integrations/tokens/${tokenId}/rotate`,
      token: adminToken,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json() as { token: { id: number }; secret: string };
    const created = await scim(ctx, fresh.secret, 'POST', '/Users', entraUser());
    expect(created.statusCode, created.body).toBe(201);
    const revoked = await ctx.request({
      method: 'POST',
      url: `/api/admin/integrations/tokens/${fresh.token.id}/revoke`,
      token: adminToken,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);

    expect((await rowsOf('integrations.token_create')).at(-1)).toMatchObject({
      targetId: String(tokenId),
      after: { name: 'Audit directory', scopes: ['scim'] },
    });
    expect((await rowsOf('integrations.token_rotate')).at(-1)).toMatchObject({ targetId: String(tokenId) });
    expect((await rowsOf('integrations.token_revoke')).at(-1)).toMatchObject({ targetId: String(fresh.token.id) });
    expect((await rowsOf('members.created')).at(-1)).toMatchObject({
      actorKind: 'token',
      actorTokenId: fresh.token.id,
      targetKind: 'member',
      targetId: String(created.json().id),
    });
    const [everything] = await queryRows<{ text: string }>(
      ctx.app.db,
      sql`select string_agg(coalesce(before::text, '') || coalesce(after::text, ''), ' ') as text from audit_log`,
    );
    for (const s of [secret, fresh.secret, secret.slice(4)]) expect(everything!.text).not.toContain(s);
  });

  it('records sign-ins and refused sign-ins, with the address masked and never the password', async () => {
    const member = await createMember(ctx.app, { email: 'lindiwe.audit@firm.test' });
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'not-the-password-1!' },
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody.here@firm.test', password: 'whatever-it-is-2!' },
    });
    expect(unknown.statusCode).toBe(401);
    const right = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(right.statusCode).toBe(200);

    const failed = (await rowsOf('auth.sign_in_failed')).slice(-2);
    expect(failed).toEqual([
      expect.objectContaining({ actorKind: 'anonymous', actorLabel: 'l…@firm.test', targetId: String(member.id) }),
      expect.objectContaining({ actorKind: 'anonymous', actorLabel: 'n…@firm.test', targetId: null }),
    ]);
    expect((await rowsOf('auth.sign_in')).at(-1)).toMatchObject({
      actorKind: 'member',
      actorMemberId: member.id,
      targetKind: 'session',
      after: { method: 'password' },
    });
    const [dump] = await queryRows<{ text: string }>(
      ctx.app.db,
      sql`select string_agg(a::text, ' ') as text from audit_log a`,
    );
    for (const s of ['not-the-password-1!', TEST_PASSWORD, 'lindiwe.audit@', 'nobody.here@']) {
      expect(dump!.text).not.toContain(s);
    }
  });

  it('records a role change and a report export, and the whole trail verifies once sealed', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const other = await createMember(ctx.app);
    const granted = await ctx.request({
      method: 'PUT',
      url: `/api/admin/roles/${other.id}`,
      token,
      payload: { roles: ['news'], isAdminReports: false },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await rowsOf('roles.change')).at(-1)).toMatchObject({
      targetId: String(other.id),
      before: { roles: [], isAdminReports: false },
      after: { roles: ['news'], isAdminReports: false },
    });
    const exported = await ctx.request({ method: 'GET', url: '/api/reports/reportaudit/export?format=csv', token });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('roles.change');
    expect((await rowsOf('reports.export')).at(-1)).toMatchObject({
      targetId: 'reportaudit',
      after: { format: 'csv' },
    });

    await sealAll(ctx.app.db);
    const proof = await verifyAudit(ctx.app.db);
    expect(proof.broken).toBeUndefined();
    expect(proof.sealed).toBeGreaterThan(5);
    expect(proof.unsealed).toBe(0);
  });
});
