import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { changeRoles } from '../../src/modules/roles/change-roles.ts';

// With the session cache on (as in production): a role change must take effect at once.
const ctx = setupApp({ SESSION_CACHE_SECONDS: 60 });
const roles = (token: string, q?: string) =>
  ctx.request({ method: 'GET', url: `/api/admin/roles${q ? `?q=${encodeURIComponent(q)}` : ''}`, token });
const put = (token: string, memberId: number, payload: object) =>
  ctx.request({ method: 'PUT', url: `/api/admin/roles/${memberId}`, token, payload });
const session = async (token: string) =>
  (await ctx.request({ method: 'POST', url: '/api/spa/loadsession', token, payload: {} })).json();

describe('roles report', () => {
  it('lists role and flag holders and finds any member by search', async () => {
    const { token } = await memberWithToken(ctx, { roles: 'rep' });
    const holder = await createMember(ctx.app, { roles: 'News,upl-pts', surname: 'Aardvark Holder' });
    const manager = await createMember(ctx.app, { isManager: true });
    const plain = await createMember(ctx.app, { surname: 'Zebra Plain' });

    const body = (await roles(token)).json();
    const ids = body.members.map((m: { memberId: number }) => m.memberId);
    expect(ids).toContain(holder.id);
    expect(ids).toContain(manager.id);
    expect(ids).not.toContain(plain.id);
    expect(body.members.find((m: { memberId: number }) => m.memberId === holder.id)).toMatchObject({
      roles: ['news', 'upl-pts'],
      isManager: false,
      isAdminReports: false,
    });
    expect(body.canManage).toBe(false);

    // Readers who cannot grant search the holders only, and see no addresses (decision 0089).
    expect((await roles(token, 'Zebra Plain')).json().members).toEqual([]);
    const holders = (await roles(token, 'Aardvark Holder')).json().members;
    expect(holders.map((m: { memberId: number }) => m.memberId)).toEqual([holder.id]);
    expect(holders[0].email).toBeNull();
    expect((await roles(token, holder.email!)).json().members).toEqual([]);
    expect(body.members.every((m: { email: string | null }) => m.email === null)).toBe(true);

    // A report administrator finds any member, by e-mail too, with the address.
    const { token: adminToken } = await memberWithToken(ctx, { isAdminReports: true });
    const found = (await roles(adminToken, 'Zebra Plain')).json();
    expect(found.members.map((m: { memberId: number }) => m.memberId)).toEqual([plain.id]);
    expect(found.members[0].email).toBe(plain.email);
    expect((await roles(adminToken, plain.email!)).json().members.map((m: { memberId: number }) => m.memberId)).toEqual(
      [plain.id],
    );
  });

  it('refuses a grant made from an editor opened before another change (409), and records nothing', async () => {
    const { token: first } = await memberWithToken(ctx, { isAdminReports: true });
    const { token: second } = await memberWithToken(ctx, { isAdminReports: true });
    const member = await createMember(ctx.app, { roles: 'rep' });
    const opened = { roles: ['rep'], isAdminReports: false };

    const saved = await put(first, member.id, { roles: ['news', 'rep'], isAdminReports: false, expected: opened });
    expect(saved.statusCode).toBe(200);
    const stale = await put(second, member.id, { roles: ['rep', 'upl-mem'], isAdminReports: false, expected: opened });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed the roles of .* since you opened them/);

    const listed = (await roles(first)).json();
    expect(listed.members.find((m: { memberId: number }) => m.memberId === member.id).roles).toEqual(['news', 'rep']);
    expect(listed.changes.filter((c: { memberId: number }) => c.memberId === member.id)).toHaveLength(1);
    // Opened after it, the same grant goes through.
    const fresh = await put(second, member.id, {
      roles: ['rep', 'upl-mem'],
      isAdminReports: false,
      expected: { roles: ['news', 'rep'], isAdminReports: false },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an administrator whose own flag was revoked meanwhile (two revoking each other)', async () => {
    const { member: a, token: aToken } = await memberWithToken(ctx, { isAdminReports: true });
    const { member: b, token: bToken } = await memberWithToken(ctx, { isAdminReports: true });
    expect((await put(aToken, b.id, { roles: [], isAdminReports: false })).statusCode).toBe(200);
    // B's session cache forgot B at commit, so B's next request is refused at the route; the
    // transaction's own check (under the row locks) is what refuses a request already past it.
    const late = await put(bToken, a.id, { roles: [], isAdminReports: false });
    expect(late.statusCode).toBe(403);
    await expect(
      changeRoles(ctx.app.db, { actor: { kind: 'member', memberId: b.id } }, b.id, a.id, {
        roles: [],
        isAdminReports: false,
      }),
    ).rejects.toMatchObject({
      status: 403,
    });
    const listed = (await roles(aToken)).json();
    expect(listed.members.find((m: { memberId: number }) => m.memberId === a.id).isAdminReports).toBe(true);

    // At the same time: one of them wins, the other is refused; an administrator remains.
    const { member: c, token: cToken } = await memberWithToken(ctx, { isAdminReports: true });
    const both = await Promise.all([
      put(aToken, c.id, { roles: [], isAdminReports: false }),
      put(cToken, a.id, { roles: [], isAdminReports: false }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const after = (await roles(both[0].statusCode === 200 ? aToken : cToken)).json();
    const flags = after.members.filter((m: { memberId: number }) => [a.id, c.id].includes(m.memberId));
    expect(flags.filter((m: { isAdminReports: boolean }) => m.isAdminReports)).toHaveLength(1);
  });

  it('lets a report admin grant and revoke; every change is kept and the member’s capabilities follow', async () => {
    const { member: admin, token: adminToken } = await memberWithToken(ctx, { isAdminReports: true, firstName: 'Ada' });
    const { member, token } = await memberWithToken(ctx, { roles: '' });
    expect((await session(token)).capabilities.managementMenu).toBe(false);

    const granted = await put(adminToken, member.id, { roles: ['news', 'rep'], isAdminReports: false });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().member.roles).toEqual(['news', 'rep']);
    expect(granted.json().change).toMatchObject({
      memberId: member.id,
      changedByName: `Ada ${admin.surname}`,
      before: { roles: [], isAdminReports: false },
      after: { roles: ['news', 'rep'], isAdminReports: false },
    });
    const caps = (await session(token)).capabilities;
    expect(caps).toMatchObject({ managementMenu: true, newsAdmin: true, viewReports: true });
    expect((await ctx.request({ method: 'GET', url: '/api/admin/news', token })).statusCode).toBe(200);

    const revoked = await put(adminToken, member.id, { roles: ['rep'], isAdminReports: true });
    expect(revoked.json().change).toMatchObject({
      before: { roles: ['news', 'rep'], isAdminReports: false },
      after: { roles: ['rep'], isAdminReports: true },
    });
    expect((await session(token)).capabilities).toMatchObject({ newsAdmin: true, manageRoles: true });

    // The same grant again records nothing.
    expect((await put(adminToken, member.id, { roles: ['rep'], isAdminReports: true })).json().change).toBeNull();

    const history = (await roles(adminToken)).json();
    expect(history.canManage).toBe(true);
    const mine = history.changes.filter((c: { memberId: number }) => c.memberId === member.id);
    expect(mine).toHaveLength(2);
    expect(mine[0].after.roles).toEqual(['rep']); // newest first
  });

  it('refuses unknown roles, an unknown member and an admin removing their own admin flag', async () => {
    const { member: admin, token } = await memberWithToken(ctx, { isAdminReports: true });
    const other = await createMember(ctx.app);
    expect((await put(token, other.id, { roles: ['superuser'], isAdminReports: false })).statusCode).toBe(400);
    expect((await put(token, 999_999, { roles: [], isAdminReports: false })).statusCode).toBe(404);
    const self = await put(token, admin.id, { roles: [], isAdminReports: false });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toMatch(/your own/);
  });

  it('role matrix: who may read and who may change', async () => {
    const target = await createMember(ctx.app);
    const readers = ['rep', 'upl-mem', 'upl-pts', 'upl-mem-nfy', 'upl-pts-nfy'];
    for (const r of readers) {
      const { token } = await memberWithToken(ctx, { roles: r });
      expect((await roles(token)).statusCode, r).toBe(200);
      expect((await put(token, target.id, { roles: ['news'], isAdminReports: false })).statusCode, r).toBe(403);
    }
    for (const r of ['news', 'anniv', '']) {
      const { token } = await memberWithToken(ctx, { roles: r, isManager: true });
      expect((await roles(token)).statusCode, r).toBe(403);
    }
  });
});
