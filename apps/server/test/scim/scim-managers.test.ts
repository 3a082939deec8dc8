import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { ENTERPRISE, entraUser, integrationToken, PATCH_OP, scim } from '../support/scim-factories.ts';

/** A mover's manager as the directory changes it: replaced, removed (Entra's PATCH), or left unsaid (kept). */
describe('SCIM managers', () => {
  const ctx = setupApp();

  async function withManager(secret: string) {
    const manager = (await scim(ctx, secret, 'POST', '/Users', entraUser())).json();
    const user = entraUser({ managerId: manager.id });
    const created = await scim(ctx, secret, 'POST', '/Users', user);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()[ENTERPRISE].manager.value).toBe(manager.id);
    return { manager, user, id: created.json().id as string };
  }

  const managerOf = async (secret: string, id: string) =>
    (await scim(ctx, secret, 'GET', `/Users/${id}`)).json()[ENTERPRISE].manager?.value ?? null;

  it('takes the manager away when Entra’s PATCH removes it, or replaces it with nothing', async () => {
    const { secret } = await integrationToken(ctx);
    for (const operation of [
      { op: 'Remove', path: `${ENTERPRISE}:manager` },
      { op: 'Replace', path: `${ENTERPRISE}:manager`, value: '' },
    ]) {
      const { id } = await withManager(secret);
      const patched = await scim(ctx, secret, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [operation],
      });
      expect(patched.statusCode, `${JSON.stringify(operation)}: ${patched.body}`).toBe(200);
      expect(patched.json()[ENTERPRISE].manager).toBeUndefined();
      expect(await managerOf(secret, id)).toBeNull();
    }
  });

  it('keeps the manager on a PUT that does not name one, and takes it away on one that names none', async () => {
    const { secret } = await integrationToken(ctx);
    const { user, id, manager } = await withManager(secret);
    const withoutManager = { ...user, [ENTERPRISE]: { ...user[ENTERPRISE], manager: undefined } };
    expect((await scim(ctx, secret, 'PUT', `/Users/${id}`, withoutManager)).statusCode).toBe(200);
    expect(await managerOf(secret, id)).toBe(manager.id);

    const noManager = { ...user, [ENTERPRISE]: { ...user[ENTERPRISE], manager: null } };
    const put = await scim(ctx, secret, 'PUT', `/Users/${id}`, noManager);
    expect(put.statusCode, put.body).toBe(200);
    expect(await managerOf(secret, id)).toBeNull();
    // Their new manager comes back the way it went.
    const again = await scim(ctx, secret, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: `${ENTERPRISE}:manager`, value: manager.id }],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await managerOf(secret, id)).toBe(manager.id);
  });
});
