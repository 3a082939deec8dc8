import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/sql-rows.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, login } from '../support/factories.ts';
import { ENTERPRISE, entraUser, integrationToken, OVATION, PATCH_OP, scim } from '../support/scim-factories.ts';

/** SCIM 2.0 Users (RFC 7643/7644) as Entra ID and Okta send them (issue 42, decision 0110). */
describe('SCIM Users', () => {
  const ctx = setupApp();

  const logCount = async () =>
    (await queryRows<{ n: number }>(ctx.app.db, sql`select count(*)::int as n from provisioning_log`))[0]!.n;

  it('answers discovery: ServiceProviderConfig, ResourceTypes and Schemas, as SCIM JSON', async () => {
    const { secret } = await integrationToken(ctx);
    const config = await scim(ctx, secret, 'GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.headers['content-type']).toContain('application/scim+json');
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const types = await scim(ctx, secret, 'GET', '/ResourceTypes');
    expect(types.json().Resources[0]).toMatchObject({ id: 'User', endpoint: '/Users' });
    const schemas = (await scim(ctx, secret, 'GET', '/Schemas')).json().Resources.map((s: { id: string }) => s.id);
    expect(schemas).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      ENTERPRISE,
      OVATION,
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ]);
    expect(
      (await scim(ctx, secret, 'GET', `/Schemas/${ENTERPRISE}`)).json().attributes.map((a: { name: string }) => a.name),
    ).toContain('employeeNumber');
  });

  it('refuses a call without a scim token with SCIM’s 401, and an API token too', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
    const { secret } = await integrationToken(ctx, ['api:read']);
    expect((await scim(ctx, secret, 'GET', '/Users')).statusCode).toBe(401);
    expect((await scim(ctx, 'ovn_not-a-token', 'GET', '/Users')).statusCode).toBe(401);
  });

  it('Entra’s joiner: looked up by userName, created, then found by each filter it sends', async () => {
    const { secret } = await integrationToken(ctx);
    const user = entraUser();
    const looked = await scim(
      ctx,
      secret,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`,
    );
    expect(looked.json()).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim(ctx, secret, 'POST', '/Users', user);
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(created.headers.location).toBe(body.meta.location);
    expect(body).toMatchObject({
      userName: user.userName,
      externalId: user.externalId,
      active: true,
      name: { givenName: 'Thandi', familyName: user.name.familyName },
      emails: [{ value: user.userName, type: 'work', primary: true }],
      phoneNumbers: [{ value: '+27 82 555 0199', type: 'mobile' }],
      [ENTERPRISE]: { employeeNumber: user[ENTERPRISE].employeeNumber, department: 'Audit' },
      [OVATION]: { country: 'South Africa', unit: 'AUD', division1: 'Audit', hireDate: '2024-02-01' },
    });
    const [member] = await queryRows<{ country: string; active: boolean; managed: boolean; start: string }>(
      ctx.app.db,
      sql`select country, active, directory_managed_at is not null as managed, start_date::text as start
          from members where id = ${Number(body.id)}`,
    );
    expect(member).toEqual({ country: 'South Africa', active: true, managed: true, start: '2024-02-01' });

    for (const filter of [
      `userName eq "${user.userName.toUpperCase()}"`,
      `externalId eq "${user.externalId}"`,
      `emails[type eq "work"].value eq "${user.userName}"`,
      `${ENTERPRISE}:employeeNumber eq "${user[ENTERPRISE].employeeNumber}"`,
      `id eq "${body.id}" and active eq true`,
    ]) {
      const found = await scim(ctx, secret, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(found.statusCode, filter).toBe(200);
      expect(
        found.json().Resources.map((r: { id: string }) => r.id),
        filter,
      ).toEqual([body.id]);
    }
    expect((await scim(ctx, secret, 'GET', `/Users/${body.id}`)).json().id).toBe(body.id);
  });

  it('finds a member the uploads made by their address, so the first sync matches rather than duplicates', async () => {
    const { secret } = await integrationToken(ctx);
    const existing = await createMember(ctx.app);
    const found = await scim(
      ctx,
      secret,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${existing.email}"`)}`,
    );
    expect(found.json().Resources).toHaveLength(1);
    const id = found.json().Resources[0].id;
    // Entra then sends what it holds: the member becomes the directory's.
    const patched = await scim(ctx, secret, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'externalId', value: 'entra-existing-1' }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const [row] = await queryRows<{ managed: boolean; externalId: string }>(
      ctx.app.db,
      sql`select directory_managed_at is not null as managed, external_id as "externalId" from members where id = ${existing.id}`,
    );
    expect(row).toEqual({ managed: true, externalId: 'entra-existing-1' });
  });

  it('PATCH in both of Entra’s dialects: with a path, without one, active as the string "False", the manager', async () => {
    const { secret } = await integrationToken(ctx);
    const manager = (await scim(ctx, secret, 'POST', '/Users', entraUser())).json();
    const joiner = (await scim(ctx, secret, 'POST', '/Users', entraUser())).json();
    const withPath = await scim(ctx, secret, 'PATCH', `/Users/${joiner.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'name.givenName', value: 'Thandeka' },
        { op: 'Replace', path: 'phoneNumbers[type eq "mobile"].value', value: '+27 83 555 0123' },
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: manager.id },
        { op: 'Replace', path: `${OVATION}:division2`, value: 'Cape Town' },
      ],
    });
    expect(withPath.statusCode, withPath.body).toBe(200);
    expect(withPath.json()).toMatchObject({
      name: { givenName: 'Thandeka' },
      phoneNumbers: [{ value: '+27 83 555 0123' }],
      [ENTERPRISE]: { manager: { value: manager.id } },
    });
    const withoutPath = await scim(ctx, secret, 'PATCH', `/Users/${joiner.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { 'name.familyName': 'Dlamini', [`${OVATION}:unit`]: 'TAX' } }],
    });
    expect(withoutPath.statusCode, withoutPath.body).toBe(200);
    expect(withoutPath.json()).toMatchObject({ name: { familyName: 'Dlamini' }, [OVATION]: { unit: 'TAX' } });
    const [isManager] = await queryRows<{ is: boolean }>(
      ctx.app.db,
      sql`select is_manager as is from members where id = ${Number(manager.id)}`,
    );
    expect(isManager!.is).toBe(true);
  });

  it('a leaver (active "False") is signed out before the answer, stays readable, and comes back whole', async () => {
    const { secret } = await integrationToken(ctx);
    const user = entraUser();
    const created = (await scim(ctx, secret, 'POST', '/Users', user)).json();
    // The joiner registers and signs in.
    await ctx.app.db.execute(
      sql`insert into credentials (member_id, password_hash) select ${Number(created.id)}, password_hash from credentials limit 1`,
    );
    const session = await login(ctx, user.userName);
    expect(
      (await ctx.request({ method: 'POST', url: '/api/spa/loadsession', token: session, payload: {} })).statusCode,
    ).toBe(200);

    const left = await scim(ctx, secret, 'PATCH', `/Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().active).toBe(false);
    expect(
      (await ctx.request({ method: 'POST', url: '/api/spa/loadsession', token: session, payload: {} })).statusCode,
    ).toBe(401);
    expect((await scim(ctx, secret, 'GET', `/Users/${created.id}`)).json().active).toBe(false);
    const inactive = await scim(ctx, secret, 'GET', `/Users?filter=${encodeURIComponent('active eq false')}`);
    expect(inactive.json().Resources.map((r: { id: string }) => r.id)).toContain(created.id);

    const back = await scim(ctx, secret, 'PATCH', `/Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(back.json()).toMatchObject({ id: created.id, active: true, userName: user.userName });
    const outcomes = await queryRows<{ outcome: string }>(
      ctx.app.db,
      sql`select outcome from provisioning_log where member_id = ${Number(created.id)} order by id`,
    );
    expect(outcomes.map((o) => o.outcome)).toEqual(['created', 'deactivated', 'reactivated']);
  });

  it('Okta’s full PUT changes what it names; the same PUT again changes nothing and writes nothing', async () => {
    const { secret } = await integrationToken(ctx, ['scim'], 'Okta');
    const created = (await scim(ctx, secret, 'POST', '/Users', entraUser())).json();
    const put = {
      ...created,
      name: { givenName: 'Lwazi', familyName: 'Mokoena' },
      [OVATION]: { ...created[OVATION], division1: 'Tax', division2: 'Durban' },
    };
    delete put.meta;
    const first = await scim(ctx, secret, 'PUT', `/Users/${created.id}`, put);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      name: { givenName: 'Lwazi' },
      [OVATION]: { division1: 'Tax', division2: 'Durban' },
    });
    const before = await logCount();
    const [{ updated } = { updated: '' }] = await queryRows<{ updated: string }>(
      ctx.app.db,
      sql`select updated_at::text as updated from members where id = ${Number(created.id)}`,
    );
    const again = await scim(ctx, secret, 'PUT', `/Users/${created.id}`, {
      ...put,
      [ENTERPRISE]: first.json()[ENTERPRISE],
    });
    expect(again.statusCode).toBe(200);
    expect(await logCount()).toBe(before);
    const [after] = await queryRows<{ updated: string }>(
      ctx.app.db,
      sql`select updated_at::text as updated from members where id = ${Number(created.id)}`,
    );
    expect(after!.updated).toBe(updated);
  });

  it('refuses with SCIM’s status and scimType: uniqueness, invalidFilter, invalidValue, mutability, 404', async () => {
    const { secret } = await integrationToken(ctx);
    const user = entraUser();
    const created = (await scim(ctx, secret, 'POST', '/Users', user)).json();
    const twin = await scim(ctx, secret, 'POST', '/Users', { ...entraUser(), userName: user.userName });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
    const sameNumber = await scim(
      ctx,
      secret,
      'POST',
      '/Users',
      entraUser({ employeeNumber: user[ENTERPRISE].employeeNumber }),
    );
    expect(sameNumber.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });

    const filter = await scim(ctx, secret, 'GET', `/Users?filter=${encodeURIComponent('userName co "x"')}`);
    expect(filter.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    expect((await scim(ctx, secret, 'GET', `/Users?filter=${encodeURIComponent('userName eq')}`)).json().scimType).toBe(
      'invalidFilter',
    );

    const badPhone = await scim(ctx, secret, 'POST', '/Users', {
      ...entraUser(),
      phoneNumbers: [{ type: 'mobile', value: 'call me' }],
    });
    expect(badPhone.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const noNumber = entraUser();
    delete (noNumber[ENTERPRISE] as { employeeNumber?: string }).employeeNumber;
    expect((await scim(ctx, secret, 'POST', '/Users', noNumber)).json().detail).toContain('employeeNumber');
    const unknownManager = await scim(ctx, secret, 'POST', '/Users', entraUser({ managerId: '999999' }));
    expect(unknownManager.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });

    const renumber = await scim(ctx, secret, 'PATCH', `/Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: `${ENTERPRISE}:employeeNumber`, value: 'NEW1' }],
    });
    expect(renumber.json()).toMatchObject({ status: '400', scimType: 'mutability' });
    expect((await scim(ctx, secret, 'GET', '/Users/99999999')).statusCode).toBe(404);
    expect((await scim(ctx, secret, 'GET', '/Users/abc')).json()).toMatchObject({ status: '404' });
    const notPatch = await scim(ctx, secret, 'PATCH', `/Users/${created.id}`, { Operations: [] });
    expect(notPatch.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
      payload: '{"userName":',
    });
    expect(broken.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    const refused = await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from provisioning_log where outcome = 'refused'`,
    );
    expect(refused[0]!.n).toBeGreaterThanOrEqual(6);
  });

  it('pages with startIndex and count; count 0 answers the total alone', async () => {
    const { secret } = await integrationToken(ctx);
    const all = (await scim(ctx, secret, 'GET', '/Users?count=0')).json();
    expect(all.Resources).toEqual([]);
    expect(all.totalResults).toBeGreaterThan(3);
    const first = (await scim(ctx, secret, 'GET', '/Users?startIndex=1&count=2')).json();
    const second = (await scim(ctx, secret, 'GET', '/Users?startIndex=3&count=2')).json();
    expect(first).toMatchObject({ startIndex: 1, itemsPerPage: 2, totalResults: all.totalResults });
    expect(second.startIndex).toBe(3);
    const ids = [...first.Resources, ...second.Resources].map((r: { id: string }) => Number(r.id));
    expect(new Set(ids).size).toBe(4);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await scim(ctx, secret, 'GET', '/Users?count=ten')).json().scimType).toBe('invalidValue');
  });

  it('DELETE deactivates and hides the user; creating them again brings the same member back', async () => {
    const { secret } = await integrationToken(ctx);
    const user = entraUser();
    const created = (await scim(ctx, secret, 'POST', '/Users', user)).json();
    expect((await scim(ctx, secret, 'DELETE', `/Users/${created.id}`)).statusCode).toBe(204);
    expect((await scim(ctx, secret, 'GET', `/Users/${created.id}`)).statusCode).toBe(404);
    const [gone] = await queryRows<{ active: boolean }>(
      ctx.app.db,
      sql`select active from members where id = ${Number(created.id)}`,
    );
    expect(gone!.active).toBe(false);
    const again = await scim(ctx, secret, 'POST', '/Users', user);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ id: created.id, active: true });
  });

  it('a deleted user gives up the directory’s identifiers: another user may have them', async () => {
    const { secret } = await integrationToken(ctx);
    const user = entraUser();
    const created = (
      await scim(ctx, secret, 'POST', '/Users', { ...user, emails: [{ type: 'work', value: `old.${user.userName}` }] })
    ).json();
    expect((await scim(ctx, secret, 'DELETE', `/Users/${created.id}`)).statusCode).toBe(204);
    const successor = { ...entraUser(), externalId: user.externalId, userName: user.userName };
    const made = await scim(ctx, secret, 'POST', '/Users', successor);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().id).not.toBe(created.id);
    // The deleted member's e-mail stays theirs: a user given it is told whose it is.
    const taken = await scim(ctx, secret, 'POST', '/Users', {
      ...entraUser(),
      emails: [{ type: 'work', value: `old.${user.userName}` }],
    });
    expect(taken.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
    expect(taken.json().detail).toContain('deleted');
  });

  it('a PatchOp may not remove what a User must have', async () => {
    const { secret } = await integrationToken(ctx);
    const created = (await scim(ctx, secret, 'POST', '/Users', entraUser())).json();
    for (const path of ['userName', 'name.givenName', `${ENTERPRISE}:employeeNumber`]) {
      const removed = await scim(ctx, secret, 'PATCH', `/Users/${created.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path }],
      });
      expect(removed.json(), path).toMatchObject({ status: '400', scimType: 'mutability' });
    }
    const emptied = await scim(ctx, secret, 'PATCH', `/Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'userName', value: '' }],
    });
    expect(emptied.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
  });

  it('the provisioning log is a report for report administrators, with what changed and why a call was refused', async () => {
    const { secret, adminToken } = await integrationToken(ctx, ['scim'], 'Log test');
    const created = (await scim(ctx, secret, 'POST', '/Users', entraUser())).json();
    await scim(ctx, secret, 'PATCH', `/Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'name.givenName', value: 'Nomsa' }],
    });
    await scim(ctx, secret, 'POST', '/Users', { ...entraUser(), userName: created.userName });
    const report = await ctx.request({
      method: 'POST',
      url: '/api/reports/reportprovisioning/query',
      token: adminToken,
      payload: { filters: { search: 'Log test' } },
    });
    expect(report.statusCode, report.body).toBe(200);
    const t = report.json() as { fields: string[]; rows: unknown[][] };
    const records = t.rows.map((row) => Object.fromEntries(t.fields.map((f, i) => [f, row[i]])));
    expect(records.map((r) => r.outcome).sort()).toEqual(['created', 'refused', 'updated']);
    const details = records.map((r) => r.detail);
    expect(details).toContain('firstName');
    expect(details.some((d) => String(d).includes('userName is already held'))).toBe(true);
  });
});
