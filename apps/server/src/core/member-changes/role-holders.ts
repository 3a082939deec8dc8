import type { Db } from '../../db/db.ts';
import { roleChanges, type RoleGrant } from '../../db/schema/index.ts';
import { sortedRoles, type ChangeAuthor } from './member-change.ts';
import { lockRoleMembers, revokeSessionsOf, setMemberRolesById } from './member-change.repository.ts';

/**
 * Sets who holds one role (a directory group's members, decision 0110): `add` gain it, `remove`
 * lose it, or with `only` everyone else loses it. Each member whose roles change is locked,
 * written and recorded in the roles history as made by the author; their cached sessions are
 * forgotten at commit. Answers the member ids that changed.
 */
export async function setRoleHolders(
  tx: Db,
  role: string,
  change: { add: number[]; remove: number[] } | { only: number[] },
  author: ChangeAuthor,
): Promise<number[]> {
  const rows = await lockRoleMembers(
    tx,
    role,
    'only' in change ? change.only : [...change.add, ...change.remove],
    'only' in change,
  );
  const grants: { memberId: number; before: RoleGrant; after: RoleGrant }[] = [];
  const keep = new Set('only' in change ? change.only : change.add);
  const drop = new Set('only' in change ? [] : change.remove);
  for (const row of rows) {
    const before = sortedRoles(row.roles);
    const has = before.includes(role);
    const wants = 'only' in change ? keep.has(row.id) : keep.has(row.id) ? true : drop.has(row.id) ? false : has;
    if (wants === has) continue;
    const after = wants ? [...before, role].sort() : before.filter((r) => r !== role);
    grants.push({
      memberId: row.id,
      before: { roles: before, isAdminReports: row.isAdminReports },
      after: { roles: after, isAdminReports: row.isAdminReports },
    });
  }
  if (grants.length === 0) return [];
  await setMemberRolesById(
    tx,
    grants.map((g) => ({ id: g.memberId, r: g.after.roles.join(',') })),
  );
  await tx
    .insert(roleChanges)
    .values(grants.map((g) => ({ ...g, changedBy: author.memberId ?? null, changedByToken: author.tokenId ?? null })));
  await revokeSessionsOf(
    tx,
    [],
    grants.map((g) => g.memberId),
  );
  return grants.map((g) => g.memberId);
}
