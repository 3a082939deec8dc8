import { randomBytes } from 'node:crypto';
import type { TestContext } from './build-app.ts';
import { memberWithToken } from './factories.ts';

export const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const OVATION = 'urn:ietf:params:scim:schemas:extension:ovation:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** A report administrator and an integration token they made with these scopes (through the API). */
export async function integrationToken(ctx: TestContext, scopes: string[] = ['scim'], name = 'Entra ID provisioning') {
  const { member, token } = await memberWithToken(ctx, { isAdminReports: true });
  const made = await ctx.request({
    method: 'POST',
    url: '/api/admin/integrations/tokens',
    token,
    payload: { name, scopes },
  });
  if (made.statusCode !== 200) throw new Error(`token: ${made.statusCode} ${made.body}`);
  const body = made.json() as { token: { id: number }; secret: string };
  return { admin: member, adminToken: token, tokenId: body.token.id, secret: body.secret };
}

/** A SCIM call as a directory makes it: the token, JSON as application/scim+json, no cookies. */
export function scim(
  ctx: TestContext,
  secret: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** A User as Entra ID's provisioning client sends it on create (its default attribute mappings). */
export function entraUser(overrides: { employeeNumber?: string; userName?: string; managerId?: string } = {}) {
  const suffix = randomBytes(4).toString('hex');
  const userName = overrides.userName ?? `joiner.${suffix}@firm.test`;
  return {
    schemas: [CORE, ENTERPRISE, OVATION],
    externalId: `entra-${suffix}`,
    userName,
    active: true,
    displayName: 'Thandi Nkosi',
    name: { givenName: 'Thandi', familyName: `Nkosi ${suffix}` },
    emails: [{ primary: true, type: 'work', value: userName }],
    phoneNumbers: [{ type: 'mobile', value: '+27 82 555 0199' }],
    addresses: [{ type: 'work', country: 'ZA' }],
    [ENTERPRISE]: {
      employeeNumber: overrides.employeeNumber ?? `E${suffix}`,
      department: 'Audit',
      ...(overrides.managerId ? { manager: { value: overrides.managerId } } : {}),
    },
    [OVATION]: { unit: 'AUD', hireDate: '2024-02-01' },
  };
}
