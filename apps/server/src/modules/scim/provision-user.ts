import type { FastifyBaseLogger } from 'fastify';
import type { ProvisioningOutcome } from '@ovation/shared/schemas/integrations';
import type { Db } from '../../db/db.ts';
import { managerLoops } from '../../core/member-changes/manager-loops.ts';
import { changeMembers } from '../../core/member-changes/change-members.ts';
import {
  changedFields,
  checkMemberChange,
  type MemberChange,
  type MemberChangeText,
} from '../../core/member-changes/member-change.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import {
  currentManagerChains,
  findMembersByEmployeeNumbers,
} from '../../core/member-changes/member-change.repository.ts';
import { invalidValue, ScimError, scimNotFound, uniqueness } from './scim-errors.ts';
import { operationsOf, patched } from './scim-patch-ops.ts';
import { readScimUser, toScimUser, type ScimMemberRow, type ScimUserInput } from './scim-user.ts';
import {
  employeeNumberOf,
  findHolders,
  findScimUser,
  lockIdentity,
  logProvisioning,
  setDirectoryDeleted,
} from './scim-users.repository.ts';

/**
 * The directory's writes to Users (issue 42, decision 0110): each becomes a member change for
 * the kernel, checked by the upload's rules and written the upload's way. A call that changes
 * nothing writes nothing (a full re-sync is free); every change and every refusal is logged.
 */

export interface ScimDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The send runner's: a leaver's leaving moves points (decision 0111). */
  sends: SendDeps;
  baseUrl: string;
  /** Forgets the members' cached sessions on this instance (the others hear it at commit). */
  forgetSessions: (memberIds: number[]) => void;
}

export interface ScimCall {
  tokenId: number;
  method: string;
  path: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOLDS: Record<string, string> = {
  employeeNumber: 'employeeNumber',
  externalId: 'externalId',
  userName: 'userName',
  email: 'emails.value',
};

export interface Provisioned {
  status: number;
  user: ReturnType<typeof toScimUser>;
}

/** Runs a write, logging a refusal (its status and detail) before it is answered. */
async function logged(deps: ScimDeps, call: ScimCall, memberId: number | null, work: () => Promise<Provisioned>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ScimError) {
      await logProvisioning(deps.db, {
        tokenId: call.tokenId,
        method: call.method,
        path: call.path,
        status: error.status,
        memberId,
        outcome: 'refused',
        refusal: error.message,
        scimType: error.scimType,
      });
    }
    throw error;
  }
}

/** The kernel's text for the User, what the member has today filling what the User leaves out. */
async function changeText(db: Db, input: ScimUserInput, current: ScimMemberRow | undefined): Promise<MemberChangeText> {
  const t = input.text;
  if (current && t.employeeNumber && t.employeeNumber !== current.employeeNumber) {
    throw new ScimError(400, `employeeNumber is ${current.employeeNumber} and cannot change.`, 'mutability');
  }
  const namesDivisions = t.divisions.some(Boolean);
  const department = input.department;
  const divisions: [string, string, string] = namesDivisions
    ? t.divisions
    : department && current?.divisions.at(-1) !== department
      ? [department, '', '']
      : ['', '', ''];
  let manager = '';
  if (input.managerId) {
    const number = await employeeNumberOf(db, input.managerId);
    if (!number) throw invalidValue(`The manager ${input.managerId} is not a user here: create them first.`);
    manager = number;
  }
  const email = t.email || (!current?.email && EMAIL.test(input.userName) ? input.userName : '');
  return {
    ...t,
    employeeNumber: t.employeeNumber || current?.employeeNumber || '',
    firstName: t.firstName || current?.firstName || '',
    surname: t.surname || current?.surname || '',
    email,
    country: t.country || current?.country || '',
    divisions,
    manager,
  };
}

async function checkedChange(db: Db, input: ScimUserInput, current: ScimMemberRow | undefined): Promise<MemberChange> {
  if (!input.userName && !current) throw invalidValue('userName is required.');
  if (!input.text.employeeNumber && !current) {
    throw invalidValue(
      'employeeNumber (urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber) is required: map it in the directory.',
    );
  }
  const checked = checkMemberChange(await changeText(db, input, current));
  if (!checked.data) throw invalidValue(checked.refusal);
  const change = checked.data;
  if (!current && !change.email) throw invalidValue('A new member needs a work e-mail address (they sign in with it).');
  if (change.manager) {
    const chains = await currentManagerChains(db, [change.employeeNumber, change.manager]);
    const loop = managerLoops(new Map([[change.employeeNumber, change.manager]]), chains).get(change.employeeNumber);
    if (loop) throw invalidValue(`The manager would make a loop: ${loop.join(' → ')}.`);
  }
  return {
    ...change,
    directory: {
      externalId: input.externalId ?? current?.externalId ?? null,
      userName: input.userName || current?.userName || '',
    },
  };
}

/**
 * Refuses identifiers another member holds (409 uniqueness). Answers the member a create
 * brings back: one the directory deleted, with this employee number (a returner comes back whole).
 */
async function refuseHeld(db: Db, change: MemberChange, selfId: number | undefined): Promise<number | undefined> {
  const holders = await findHolders(db, {
    employeeNumber: change.employeeNumber,
    userName: change.directory!.userName,
    email: change.email,
    externalId: change.directory!.externalId,
  });
  let revived: number | undefined;
  for (const h of holders) {
    if (h.id === selfId) continue;
    if (selfId === undefined && h.deleted && h.employeeNumber === change.employeeNumber) {
      revived = h.id;
      continue;
    }
    if (h.deleted) {
      throw uniqueness(
        `${HOLDS[h.holds]} belongs to a user the directory deleted (employee number ${h.employeeNumber}): create them again with that employee number.`,
      );
    }
    throw uniqueness(`${HOLDS[h.holds]} is already held by user ${h.id}.`);
  }
  const other = holders.find((h) => h.id !== selfId && h.id !== revived);
  if (other) throw uniqueness(`${HOLDS[other.holds]} is already held by user ${other.id}.`);
  return revived;
}

function outcomeOf(before: ScimMemberRow | undefined, change: MemberChange): ProvisioningOutcome {
  if (!before) return 'created';
  if (before.active && change.active === false) return 'deactivated';
  if (!before.active && change.active === true) return 'reactivated';
  return 'updated';
}

/** Writes a checked change for the member `current` (or a new one) and logs it; nothing when it changes nothing. */
async function write(
  deps: ScimDeps,
  call: ScimCall,
  input: ScimUserInput,
  current: ScimMemberRow | undefined,
): Promise<Provisioned> {
  const change = await checkedChange(deps.db, input, current);
  const directory = change.directory!;
  // What it would change, read before any lock: a call that changes nothing writes nothing.
  const changes = async (tx: Db, self: ScimMemberRow | undefined, revived: boolean) => {
    const [known] = self ? await findMembersByEmployeeNumbers(tx, [change.employeeNumber]) : [];
    const changed = known ? changedFields(change, known) : [];
    if (self && !revived && known?.directoryManaged) {
      if (directory.externalId !== self.externalId) changed.push('externalId');
      if (directory.userName.toLowerCase() !== (self.userName ?? '').toLowerCase()) changed.push('userName');
    } else if (self) changed.push('directory');
    return changed;
  };
  if (current && (await changes(deps.db, current, false)).length === 0) {
    return { status: 200, user: toScimUser(current, deps.baseUrl) };
  }
  const { written, locked } = await changeMembers(
    deps.sends,
    [change],
    { tokenId: call.tokenId },
    {
      lock: async (tx) => {
        await lockIdentity(tx, [
          change.employeeNumber,
          directory.userName,
          change.email ?? '',
          directory.externalId ?? '',
        ]);
        // Another member holding the employee number (or any identifier) is refused here (409).
        const revived = await refuseHeld(tx, change, current?.id);
        const self = current ?? (revived ? await findScimUser(tx, revived, true) : undefined);
        if (revived && change.active === null) change.active = true;
        return { revived, self, changed: await changes(tx, self, revived !== undefined) };
      },
      after: async (tx, { ids }, { revived, self, changed }) => {
        const memberId = ids.get(change.employeeNumber)!;
        if (revived) await setDirectoryDeleted(tx, memberId, false);
        const outcome = revived ? ('reactivated' as const) : outcomeOf(self, change);
        await logProvisioning(tx, {
          tokenId: call.tokenId,
          method: call.method,
          path: call.path,
          status: current ? 200 : 201,
          memberId,
          outcome,
          changed: self ? changed : undefined,
        });
        return memberId;
      },
    },
  );
  void locked;
  const memberId = written.ids.get(change.employeeNumber)!;
  deps.forgetSessions([memberId]);
  const user = await findScimUser(deps.db, memberId);
  return { status: current ? 200 : 201, user: toScimUser(user!, deps.baseUrl) };
}

export const createUser = (deps: ScimDeps, call: ScimCall, body: unknown) =>
  logged(deps, call, null, () => write(deps, call, readScimUser(body), undefined));

async function existing(deps: ScimDeps, id: number) {
  const current = await findScimUser(deps.db, id);
  if (!current) throw scimNotFound(String(id));
  return current;
}

/** PUT: the User as a whole (Okta's way); what it leaves out the member keeps (decision 0110). */
export const replaceUser = (deps: ScimDeps, call: ScimCall, id: number, body: unknown) =>
  logged(deps, call, id, async () => write(deps, call, readScimUser(body), await existing(deps, id)));

/** PATCH: both dialects Entra sends (with and without `path`) and Okta's. */
export const patchUser = (deps: ScimDeps, call: ScimCall, id: number, body: unknown) =>
  logged(deps, call, id, async () => {
    const current = await existing(deps, id);
    const operations = operationsOf(body);
    const doc = patched(toScimUser(current, deps.baseUrl), operations);
    return write(deps, call, readScimUser(doc), current);
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
        after: async (tx) => {
          await setDirectoryDeleted(tx, current.id, true);
          await logProvisioning(tx, { ...call, status: 204, memberId: current.id, outcome: 'deleted' });
        },
      },
    );
    deps.forgetSessions([current.id]);
    return { status: 204, user: toScimUser(current, deps.baseUrl) };
  });
}
