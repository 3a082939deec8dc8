import { sql } from 'drizzle-orm';
import { ROLE_NAMES, type RoleName } from '@ovation/shared/capabilities';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { setRoleHolders } from '../../core/member-changes/role-holders.ts';
import { invalidValue, ScimError } from './scim-errors.ts';
import { PATCH_OP } from './scim-schemas.ts';
import { logProvisioning } from './scim-users.repository.ts';
import type { ScimCall, ScimDeps } from './scim-deps.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';

/**
 * SCIM Groups (issue 42, decision 0110): one group per Ovation role, whose members hold the role.
 * The groups are fixed — their id and displayName are the role's name — so the directory matches
 * its own groups to them by name; creating one claims it, deleting one empties it. Membership
 * changes go through the member-change kernel and the roles history, as made by the directory.
 */
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** What each role's group is for, shown to the directory as the group's description. */
const ROLE_TITLES: Record<RoleName, string> = {
  rep: 'Reports',
  'upl-mem': 'Members uploads',
  'upl-pts': 'Points uploads',
  news: 'News',
  anniv: 'Anniversaries',
  'upl-mem-nfy': 'Told of members uploads',
  'upl-pts-nfy': 'Told of points uploads',
  awards: 'Award programmes',
};

const isRole = (name: string): name is RoleName => (ROLE_NAMES as readonly string[]).includes(name.toLowerCase());

/** The role a group id or displayName names ("rep", or "Ovation rep" as a directory may call it). */
export function roleOf(name: string): RoleName | null {
  const text = name
    .trim()
    .toLowerCase()
    .replace(/^ovation[\s_-]+/, '');
  return isRole(text) ? (text as RoleName) : null;
}

const groupNotFound = (id: string) =>
  new ScimError(404, `No group ${id}: the groups are Ovation's roles (${ROLE_NAMES.join(', ')}).`);

export function requireRole(id: string): RoleName {
  const role = roleOf(id);
  if (!role || role !== id.toLowerCase()) throw groupNotFound(id);
  return role;
}

async function holders(db: Db, role: RoleName) {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select id, first_name || ' ' || surname as name from members
        where ${role} = any(string_to_array(roles, ',')) and directory_deleted_at is null order by id`,
  );
}

export async function toScimGroup(db: Db, role: RoleName, baseUrl: string, withMembers = true) {
  return {
    schemas: [GROUP_SCHEMA],
    id: role,
    displayName: role,
    ...(withMembers
      ? { members: (await holders(db, role)).map((m) => ({ value: String(m.id), display: m.name })) }
      : {}),
    meta: { resourceType: 'Group', location: `${baseUrl}/scim/v2/Groups/${role}`, description: ROLE_TITLES[role] },
  };
}

/** The groups a filter asks for: `displayName eq`, `id eq` or `externalId eq` (the same name), or all. */
export function groupsMatching(filter: string | undefined): RoleName[] {
  if (!filter || !filter.trim()) return [...ROLE_NAMES];
  const match = /^\s*(displayName|id|externalId)\s+eq\s+"([^"]*)"\s*$/i.exec(filter);
  if (!match) {
    throw new ScimError(400, 'Groups may be filtered with displayName eq, id eq or externalId eq.', 'invalidFilter');
  }
  const role = roleOf(match[2]!);
  return role ? [role] : [];
}

/** Member ids from `[{ value }]` (or one `{ value }`), each a member the directory may see. */
async function memberIds(db: Db, value: unknown): Promise<number[]> {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const ids = list.map((v) => {
    const id = typeof v === 'object' && v !== null ? (v as Record<string, unknown>).value : v;
    if (typeof id !== 'string' && typeof id !== 'number')
      throw invalidValue('Each member is { "value": "<user id>" }.');
    if (!/^\d{1,9}$/.test(String(id))) throw invalidValue(`No user ${String(id)}.`);
    return Number(id);
  });
  if (ids.length === 0) return [];
  const found = await queryRows<{ id: number }>(
    db,
    sql`select id from members where directory_deleted_at is null
        and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
  );
  const known = new Set(found.map((f) => f.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw invalidValue(`No user ${missing}: create the user before adding them to a group.`);
  return [...new Set(ids)];
}

type Change = { add: number[]; remove: number[] } | { only: number[] };

/** The membership change a PatchOp asks (Entra: add/remove with a value list; Okta: remove by filter path, replace). */
async function patchChange(db: Db, body: unknown): Promise<Change> {
  const record = (body ?? {}) as Record<string, unknown>;
  const operations = record.Operations ?? record.operations;
  if (!Array.isArray(record.schemas) || !record.schemas.includes(PATCH_OP) || !Array.isArray(operations)) {
    throw new ScimError(400, `Send a PatchOp (${PATCH_OP}) with its Operations.`, 'invalidSyntax');
  }
  let only: number[] | null = null;
  const add: number[] = [];
  const remove: number[] = [];
  for (const raw of operations as Record<string, unknown>[]) {
    const op = String(raw.op ?? '').toLowerCase();
    const path = typeof raw.path === 'string' ? raw.path.trim() : '';
    const byFilter = /^members\[\s*value\s+eq\s+"?([^"\]]+)"?\s*\]$/i.exec(path);
    if (op === 'remove' && byFilter) {
      remove.push(...(await memberIds(db, [byFilter[1]])));
      continue;
    }
    if (path !== '' && path.toLowerCase() !== 'members') {
      if (path.toLowerCase() === 'displayname' || path.toLowerCase() === 'externalid') continue; // fixed: the role's name
      throw new ScimError(400, `A group's ${path} cannot be changed: only its members.`, 'invalidPath');
    }
    const value =
      path === '' && typeof raw.value === 'object' && raw.value !== null && !Array.isArray(raw.value)
        ? (raw.value as Record<string, unknown>).members
        : raw.value;
    if (op === 'add') add.push(...(await memberIds(db, value)));
    else if (op === 'remove') {
      if (value === undefined) only = [];
      else remove.push(...(await memberIds(db, value)));
    } else if (op === 'replace') only = await memberIds(db, value);
    else throw new ScimError(400, 'Each operation is add, replace or remove.', 'invalidSyntax');
  }
  if (only !== null) return { only: [...new Set([...only.filter((id) => !remove.includes(id)), ...add])] };
  return { add, remove };
}

async function apply(deps: ScimDeps, call: ScimCall, role: RoleName, change: Change, status: number) {
  const changed = await deps.db.transaction(async (tx) => {
    const ids = await setRoleHolders(tx, role, change, { tokenId: call.tokenId });
    await audit(
      tx,
      { actor: { kind: 'token', tokenId: call.tokenId }, traceId: call.traceId },
      ids.map((memberId) => ({
        action: 'roles.change',
        target: { kind: 'member', id: memberId },
        after: { via: 'scim', role, holds: ('only' in change ? change.only : change.add).includes(memberId) },
      })),
    );
    await logProvisioning(
      tx,
      ids.map((memberId) => ({ ...call, status, memberId, outcome: 'updated' as const, changed: [`roles:${role}`] })),
    );
    return ids;
  });
  if (changed.length > 0) deps.forgetSessions(changed);
}

/** POST: claims the role's group by its name, with the members given. */
export async function createGroup(deps: ScimDeps, call: ScimCall, body: unknown) {
  const record = (body ?? {}) as Record<string, unknown>;
  const role = roleOf(String(record.displayName ?? ''));
  if (!role) {
    throw invalidValue(`Ovation's groups are its roles: name the group one of ${ROLE_NAMES.join(', ')}.`);
  }
  if (record.members !== undefined)
    await apply(deps, call, role, { only: await memberIds(deps.db, record.members) }, 201);
  return toScimGroup(deps.db, role, deps.baseUrl);
}

export async function replaceGroup(deps: ScimDeps, call: ScimCall, role: RoleName, body: unknown) {
  const record = (body ?? {}) as Record<string, unknown>;
  await apply(deps, call, role, { only: await memberIds(deps.db, record.members) }, 200);
  return toScimGroup(deps.db, role, deps.baseUrl);
}

export async function patchGroup(deps: ScimDeps, call: ScimCall, role: RoleName, body: unknown) {
  await apply(deps, call, role, await patchChange(deps.db, body), 200);
  return toScimGroup(deps.db, role, deps.baseUrl);
}

/** DELETE: the role's group stays (it is the role); nobody holds it through the directory any more. */
export async function emptyGroup(deps: ScimDeps, call: ScimCall, role: RoleName) {
  await apply(deps, call, role, { only: [] }, 204);
}
