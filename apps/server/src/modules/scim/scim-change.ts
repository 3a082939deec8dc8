import type { Db } from '../../db/db.ts';
import { managerLoops } from '../../core/member-changes/manager-loops.ts';
import {
  checkMemberChange,
  type MemberChange,
  type MemberChangeText,
} from '../../core/member-changes/member-change.ts';
import { currentManagerChains } from '../../core/member-changes/member-change.repository.ts';
import { invalidValue, ScimError } from './scim-errors.ts';
import type { ScimMemberRow, ScimUserInput } from './scim-user.ts';
import { employeeNumberOf, isActiveMember } from './scim-users.repository.ts';

/**
 * A User as the directory sends it, made a member change for the kernel (decision 0110): what
 * the member has today fills what the User leaves out, and the upload's rules check the rest.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

export async function checkedChange(
  db: Db,
  input: ScimUserInput,
  current: ScimMemberRow | undefined,
): Promise<MemberChange> {
  if (!input.userName && !current) throw invalidValue('userName is required.');
  if (!input.text.employeeNumber && !current) {
    throw invalidValue(
      'employeeNumber (urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber) is required: map it in the directory.',
    );
  }
  const checked = checkMemberChange(await changeText(db, input, current));
  if (!checked.data) throw invalidValue(checked.refusal);
  const change = checked.data;
  // The directory took the manager away: the member has none (not the one they had).
  if (input.managerId === '' && current?.managerId) change.manager = '';
  if (input.successor && change.active === false) {
    if (input.successor === change.employeeNumber || !(await isActiveMember(db, input.successor))) {
      throw invalidValue(`The successor ${input.successor} is not another active member's employee number.`);
    }
    change.successor = input.successor;
  }
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
