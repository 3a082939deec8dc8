import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/sql-rows.ts';
import { setupApp } from '../support/build-app.ts';
import { login } from '../support/factories.ts';
import { entraUser, integrationToken, PATCH_OP, scim } from '../support/scim-factories.ts';

/** SCIM Groups: one per Ovation role, whose members hold it (issue 42, decision 0110). */
describe('SCIM Groups', () => {
  const ctx = setupApp();

  const rolesOf = async (id: string) =>
    (await queryRows<{ roles: string }>(ctx.app.db, sql`select roles from members where id = ${Number(id)}`))[0]!.roles;

  it('lists a group per role, found by displayName as Entra asks; resource types name it', async () => {
    const { secret } = await integrationToken(ctx);
    const all = (await scim(ctx, secret, 'GET', '/Groups?excludedAttributes=members')).json();
    expect(all.Resources.map((g: { id: string }) => g.id)).toEqual([
      'rep',
      'upl-mem',
      'upl-pts',
      'news',
      'anniv',
      'upl-mem-nfy',
      'upl-pts-nfy',
      'awards',
    ]);
    expect(all.Resources[0].members).toBeUndefined();
    const named = (
      await scim(ctx, secret, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "Ovation news"')}`)
    ).json();
    expect(named).toMatchObject({ totalResults: 1, Resources: [{ id: 'news', displayName: 'news' }] });
    const none = (
      await scim(ctx, secret, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "Finance"')}`)
    ).json();
    expect(none.totalResults).toBe(0);
    const types = (await scim(ctx, secret, 'GET', '/ResourceTypes')).json();
    expect(types.Resources.map((t: { id: string }) => t.id)).toEqual(['User', 'Group']);
    expect((await scim(ctx, secret, 'GET', '/Groups/finance')).statusCode).toBe(404);
  });

  it('Entra’s membership PATCH adds and removes the role, recorded in the roles history as the directory’s', async () => {
    const { secret, tokenId } = await integrationToken(ctx);
    const user = entraUser();
    const member = (await scim(ctx, secret, 'POST', '/Users', user)).json();
    await ctx.app.db.execute(
      sql`insert into credentials (member_id, password_hash) select ${Number(member.id)}, password_hash from credentials limit 1`,
    );
    const session = await login(ctx, user.userName);
    const before = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', token: session, payload: {} });
    expect(before.json().capabilities.newsAdmin).toBe(false);

    const added = await scim(ctx, secret, 'PATCH', '/Groups/news', {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: member.id }] }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().members.map((m: { value: string }) => m.value)).toContain(member.id);
    expect(await rolesOf(member.id)).toBe('news');
    const after = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', token: session, payload: {} });
    expect(after.json().capabilities.newsAdmin).toBe(true);

    const removed = await scim(ctx, secret, 'PATCH', '/Groups/news', {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: member.id }] }],
    });
    expect(removed.statusCode).toBe(200);
    expect(await rolesOf(member.id)).toBe('');
    const history = await queryRows<{
      before: { roles: string[] };
      after: { roles: string[] };
      token: number;
      by: number | null;
    }>(
      ctx.app.db,
      sql`select before, after, changed_by_token as token, changed_by as by from role_changes
          where member_id = ${Number(member.id)} order by id`,
    );
    expect(history).toEqual([
      {
        before: { roles: [], isAdminReports: false },
        after: { roles: ['news'], isAdminReports: false },
        token: tokenId,
        by: null,
      },
      {
        before: { roles: ['news'], isAdminReports: false },
        after: { roles: [], isAdminReports: false },
        token: tokenId,
        by: null,
      },
    ]);
  });

  it('Okta’s remove by members[value eq], PUT and a claim by POST set the membership as a whole', async () => {
    const { secret } = await integrationToken(ctx, ['scim'], 'Okta');
    const [a, b] = [
      (await scim(ctx, secret, 'POST', '/Users', entraUser())).json(),
      (await scim(ctx, secret, 'POST', '/Users', entraUser())).json(),
    ];
    const claimed = await scim(ctx, secret, 'POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'awards',
      members: [{ value: a.id }, { value: b.id }],
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect([await rolesOf(a.id), await rolesOf(b.id)]).toEqual(['awards', 'awards']);
    const okta = await scim(ctx, secret, 'PATCH', '/Groups/awards', {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${a.id}"]` }],
    });
    expect(okta.statusCode, okta.body).toBe(200);
    expect(await rolesOf(a.id)).toBe('');
    const put = await scim(ctx, secret, 'PUT', '/Groups/awards', { displayName: 'awards', members: [{ value: a.id }] });
    expect(put.statusCode).toBe(200);
    expect([await rolesOf(a.id), await rolesOf(b.id)]).toEqual(['awards', '']);
    expect((await scim(ctx, secret, 'DELETE', '/Groups/awards')).statusCode).toBe(204);
    expect(await rolesOf(a.id)).toBe('');
  });

  it('refuses a group that is not a role, an unknown member and a change of name', async () => {
    const { secret } = await integrationToken(ctx);
    const finance = await scim(ctx, secret, 'POST', '/Groups', { displayName: 'Finance', members: [] });
    expect(finance.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const unknown = await scim(ctx, secret, 'PATCH', '/Groups/rep', {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: '99999999' }] }],
    });
    expect(unknown.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const rename = await scim(ctx, secret, 'PATCH', '/Groups/rep', {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'members.display', value: 'x' }],
    });
    expect(rename.json()).toMatchObject({ status: '400', scimType: 'invalidPath' });
    expect(
      (await scim(ctx, secret, 'GET', `/Groups?filter=${encodeURIComponent('displayName sw "r"')}`)).json().scimType,
    ).toBe('invalidFilter');
  });
});
