import { changeMembers } from '../../core/member-changes/change-members.ts';
import { changedFields, type MemberChange } from '../../core/member-changes/member-change.ts';
import { findMembersByEmployeeNumbers } from '../../core/member-changes/member-change.repository.ts';
import { ScimError, scimNotFound } from './scim-errors.ts';
import { operationsOf, patched } from './scim-patch-ops.ts';
import { readScimUser, toScimUser, type ScimMemberRow, type ScimUserInput } from './scim-user.ts';
import { checkedChange } from './scim-change.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';
import { findScimUser, lockIdentity, logProvisioning, setDirectoryDeleted } from './scim-users.repository.ts';
import type { Provisioned, ScimCall, ScimDeps } from './scim-deps.ts';

/**
 * The directory's writes to Users (issue 42, decision 0110): each becomes a member change for
 * the kernel, checked by the upload's rules and written the upload's way. A call that changes
 * nothing writes nothing (a full re-sync is free); every change and every refusal is logged.
 */

/** Runs a write, logging a refusal (its status and detail) before it is answered. */
async function logged(deps: ScimDeps, call: ScimCall, memberId: number | null, work: () => Promise<Provisioned>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ScimError && !error.logged) {
      await logProvisioning(deps.db, [
        {
          tokenId: call.tokenId,
          method: call.method,
          path: call.path,
          status: error.status,
          memberId,
          outcome: 'refused',
          refusal: error.message,
          scimType: error.scimType,
        },
      ]);
    }
    throw error;
  }
}

/**
 * Writes a checked change for the member `current` (or a new one) with the calls arriving with it
 * (decision 0112), logged; a change that changes nothing writes nothing (a full re-sync is free).
 */
async function write(
  deps: ScimDeps,
  call: ScimCall,
  current: ScimMemberRow | undefined,
  inputFor: (current: ScimMemberRow | undefined) => ScimUserInput,
): Promise<Provisioned> {
  const change = await checkedChange(deps.db, inputFor(current), current);
  if (current) {
    // What it would change, read before any lock.
    const [known] = await findMembersByEmployeeNumbers(deps.db, [change.employeeNumber]);
    const directory = change.directory!;
    const unchanged =
      known?.directoryManaged &&
      changedFields(change, known).length === 0 &&
      directory.externalId === current.externalId &&
      directory.userName.toLowerCase() === (current.userName ?? '').toLowerCase();
    if (unchanged) return { status: 200, user: toScimUser(current, deps.baseUrl) };
  }
  return deps.writes.submit({ call, change, current, inputFor });
}

export const createUser = (deps: ScimDeps, call: ScimCall, body: unknown) =>
  logged(deps, call, null, () => {
    const input = readScimUser(body);
    return write(deps, call, undefined, () => input);
  });

async function existing(deps: ScimDeps, id: number) {
  const current = await findScimUser(deps.db, id);
  if (!current) throw scimNotFound(String(id));
  return current;
}

/** PUT: the User as a whole (Okta's way); what it leaves out the member keeps (decision 0110). */
export const replaceUser = (deps: ScimDeps, call: ScimCall, id: number, body: unknown) =>
  logged(deps, call, id, async () => {
    const input = readScimUser(body);
    return write(deps, call, await existing(deps, id), () => input);
  });

/** PATCH: both dialects Entra sends (with and without `path`) and Okta's. */
export const patchUser = (deps: ScimDeps, call: ScimCall, id: number, body: unknown) =>
  logged(deps, call, id, async () => {
    const current = await existing(deps, id);
    const operations = operationsOf(body);
    return write(deps, call, current, (user) => {
      const input = readScimUser(patched(toScimUser(user!, deps.baseUrl), operations));
      // The patched User is the whole user: no manager left means the patch removed it.
      if (input.managerId === null && user!.managerId) input.managerId = '';
      return input;
    });
  });

/** DELETE: the member is deactivated and kept with their history; the directory no longer sees them. */
export async function deleteUser(deps: ScimDeps, call: ScimCall, id: number): Promise<void> {
  await logged(deps, call, id, async () => {
    const current = await existing(deps, id);
    const [known] = await findMembersByEmployeeNumbers(deps.db, [current.employeeNumber]);
    const leaving: MemberChange = {
      employeeNumber: known!.employeeNumber,
      firstName: known!.firstName,
      surname: known!.surname,
      email: null,
      cellNum: null,
      divisions: [],
      country: known!.country,
      unit: null,
      manager: null,
      startDate: null,
      birthDate: null,
      roles: null,
      active: false,
      directory: { externalId: current.externalId, userName: current.userName ?? '' },
    };
    await changeMembers(
      deps.sends,
      [leaving],
      { tokenId: call.tokenId },
      {
        // Queued behind a batch changing this user (their writes lock the same key).
        lock: (tx) => lockIdentity(tx, [`user:${current.id}`]),
        after: async (tx) => {
          await setDirectoryDeleted(tx, [current.id], true);
          await logProvisioning(tx, [{ ...call, status: 204, memberId: current.id, outcome: 'deleted' }]);
          await audit(
            tx,
            { actor: { kind: 'token', tokenId: call.tokenId }, traceId: call.traceId },
            { action: 'members.deleted', target: { kind: 'member', id: current.id }, after: { via: 'scim' } },
          );
        },
      },
    );
    deps.forgetSessions([current.id]);
    return { status: 204, user: toScimUser(current, deps.baseUrl) };
  });
}
