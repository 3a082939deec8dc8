import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/sql-rows.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { integrationToken, scim } from '../support/scim-factories.ts';

/** Integration tokens (issue 42, decision 0110): made, shown once, scoped, rotated and revoked. */
describe('integration tokens', () => {
  const ctx = setupApp();
  const bearer = (secret: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${secret}` }, ...(payload ? { payload } : {}) });

  it('a report administrator makes one; its secret is answered once and only its hash is kept', async () => {
    const { adminToken, tokenId, secret } = await integrationToken(ctx, ['scim', 'api:read'], 'Entra ID');
    expect(secret).toMatch(/^ovn_[A-Za-z0-9_-]{43}$/);
    const listed = await ctx.request({ method: 'GET', url: '/api/admin/integrations/tokens', token: adminToken });
    const token = listed.json().tokens.find((t: { id: number }) => t.id === tokenId);
    expect(token).toMatchObject({ name: 'Entra ID', scopes: ['scim', 'api:read'], status: 'active', lastUsedAt: null });
    expect(token.prefix).toBe(secret.slice(0, 10));
    expect(listed.body).not.toContain(secret);
    const [row] = await queryRows<{ hash: string }>(
      ctx.app.db,
      sql`select token_hash as hash from integration_tokens where id = ${tokenId}`,
    );
    expect(row!.hash).not.toContain(secret.slice(4));

    await scim(ctx, secret, 'GET', '/ServiceProviderConfig');
    const used = (
      await ctx.request({ method: 'GET', url: '/api/admin/integrations/tokens', token: adminToken })
    ).json();
    expect(used.tokens.find((t: { id: number }) => t.id === tokenId).lastUsedAt).not.toBeNull();
  });

  it('only report administrators reach the Integrations calls, and never with a token', async () => {
    const { token } = await memberWithToken(ctx, { roles: 'rep,upl-mem' });
    expect((await ctx.request({ method: 'GET', url: '/api/admin/integrations/tokens', token })).statusCode).toBe(403);
    const { secret } = await integrationToken(ctx, ['api:write']);
    const minted = await bearer(secret, 'POST', '/api/admin/integrations/tokens', { name: 'x', scopes: ['scim'] });
    expect(minted.statusCode).toBe(403);
    expect(minted.body).toContain('done by a person');
  });

  it('refuses a bad request with field errors', async () => {
    const { adminToken } = await integrationToken(ctx);
    const bad = await ctx.request({
      method: 'POST',
      url: '/api/admin/integrations/tokens',
      token: adminToken,
      payload: { name: ' ', scopes: ['scim', 'root'], expiresOn: '2026-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['expiresOn', 'name', 'scopes.1']);
  });

  it('api:read reads the API as its maker, with no sign-in or cookie; a change needs api:write', async () => {
    const { secret } = await integrationToken(ctx, ['api:read']);
    const roles = await bearer(secret, 'GET', '/api/admin/roles');
    expect(roles.statusCode, roles.body).toBe(200);
    const write = await bearer(secret, 'POST', '/api/support/contact', { subject: 'x', message: 'y' });
    expect(write.statusCode).toBe(403);
    expect(write.body).toContain('api:write');
    expect((await bearer(secret, 'POST', '/api/spa/loadsession', {})).statusCode).toBe(403);
    const scimOnly = await integrationToken(ctx, ['scim']);
    expect((await bearer(scimOnly.secret, 'GET', '/api/admin/roles')).statusCode).toBe(401);
  });

  it('rotating gives a new secret and stops the old one; a revoked or expired token is refused', async () => {
    const { adminToken, tokenId, secret } = await integrationToken(ctx);
    const rotated = await ctx.request({
      method: 'POST',
      url: `/api/admin/integrations/tokens/${tokenId}/rotate`,
      token: adminToken,
      payload: {},
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json();
    expect(next.secret).not.toBe(secret);
    expect((await scim(ctx, secret, 'GET', '/Users?count=0')).statusCode).toBe(401);
    expect((await scim(ctx, next.secret, 'GET', '/Users?count=0')).statusCode).toBe(200);

    const revoked = await ctx.request({
      method: 'POST',
      url: `/api/admin/integrations/tokens/${next.token.id}/revoke`,
      token: adminToken,
      payload: {},
    });
    expect(revoked.json().status).toBe('revoked');
    expect((await scim(ctx, next.secret, 'GET', '/Users?count=0')).statusCode).toBe(401);
    const twice = await ctx.request({
      method: 'POST',
      url: `/api/admin/integrations/tokens/${next.token.id}/revoke`,
      token: adminToken,
      payload: {},
    });
    expect(twice.statusCode).toBe(409);

    const expiring = await integrationToken(ctx);
    await ctx.app.db.execute(
      sql`update integration_tokens set expires_at = now() - interval '1 second' where id = ${expiring.tokenId}`,
    );
    expect((await scim(ctx, expiring.secret, 'GET', '/Users?count=0')).statusCode).toBe(401);
  });

  it('a leaver’s tokens stop with them', async () => {
    const { admin, secret } = await integrationToken(ctx, ['api:read']);
    expect((await bearer(secret, 'GET', '/api/admin/roles')).statusCode).toBe(200);
    const directory = await integrationToken(ctx);
    const users = await scim(
      ctx,
      directory.secret,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${admin.email}"`)}`,
    );
    const left = await scim(ctx, directory.secret, 'PATCH', `/Users/${users.json().Resources[0].id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(left.statusCode, left.body).toBe(200);
    expect((await bearer(secret, 'GET', '/api/admin/roles')).statusCode).toBe(401);
  });
});
