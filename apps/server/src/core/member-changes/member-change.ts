import type { FastifyBaseLogger } from 'fastify';
import { ROLE_NAMES, parseRoles } from '@ovation/shared/capabilities';
import { cellNumSchema } from '@ovation/shared/schemas/profile';
import type { Db } from '../../db/db.ts';
import { roleChanges, type RoleGrant } from '../../db/schema/index.ts';
import { tellOldAddress } from '../members/email-changed.ts';
import {
  ensureDivisionPath,
  findMembersByEmployeeNumbers,
  revokeSessionsOf,
  setManagersByNumber,
  setMemberRolesByNumber,
  upsertMembers,
  type KnownMember,
  type MemberUpsert,
} from './member-change.repository.ts';

/**
 * The member-change kernel (issue 42, decision 0110): the one way members are created, changed
 * and deactivated, whether a members upload or the firm's directory (SCIM) asks. Both give it
 * the same text (`MemberChangeText`), checked by the same rules (`checkMemberChange`), and it
 * writes them the same way (`writeMemberChanges`), so the two can never disagree.
 */

/** A member as a change gives them. Optional values left empty are null: the member keeps what they have. */
export interface MemberChange {
  employeeNumber: string;
  firstName: string;
  surname: string;
  email: string | null;
  cellNum: string | null;
  divisions: string[];
  country: string;
  unit: string | null;
  /** The manager's employee number; null keeps the member's; '' takes it away (the directory removed it). */
  manager: string | null;
  startDate: string | null;
  birthDate: string | null;
  /** null keeps the member's roles; [] clears them ('none'). */
  roles: string[] | null;
  /** null (an empty cell or no Active column) keeps what a known member is; a new member is active. */
  active: boolean | null;
  /**
   * For a leaver: the employee number of who takes over their team and team budget instead of
   * their manager (the directory may name one; an active member).
   */
  successor?: string | null;
  /** Set when the firm's directory makes the change: it then manages the member (SCIM). */
  directory?: { externalId: string | null; userName: string };
}

/** A change as text, each value trimmed ('' = left empty), as a file's cells or the directory's attributes give it. */
export interface MemberChangeText {
  employeeNumber: string;
  firstName: string;
  surname: string;
  email: string;
  cellNum: string;
  divisions: [string, string, string];
  country: string;
  unit: string;
  manager: string;
  startDate: string;
  birthDate: string;
  /** Comma-separated role names, 'none' to clear, '' to keep. */
  roles: string;
  /** yes / no (and the usual spellings), '' to keep. */
  active: string;
}

export type ChangeCheck = { data: MemberChange; refusal?: undefined } | { data?: undefined; refusal: string };

const EMPLOYEE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,19}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const YES = new Set(['yes', 'y', 'true', '1', 'active']);
const NO = new Set(['no', 'n', 'false', '0', 'inactive']);

/** dd/MM/yyyy or yyyy-MM-dd → yyyy-MM-dd, or null when it is not a real date. */
export function parseDay(text: string): string | null {
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const za = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (za) [d, m, y] = [Number(za[1]), Number(za[2]), Number(za[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || y > 2100) return null;
  return date.toISOString().slice(0, 10);
}

/** One member's change on its own (who else holds the number, address or manager is checked by the caller). */
export function checkMemberChange(text: MemberChangeText): ChangeCheck {
  const { employeeNumber, firstName, surname } = text;
  if (!employeeNumber) return { refusal: 'Employee number is empty' };
  if (!EMPLOYEE_NUMBER.test(employeeNumber)) {
    return { refusal: `Employee number “${employeeNumber}” is not valid (letters and digits, at most 20)` };
  }
  if (!firstName) return { refusal: 'First name is empty' };
  if (!surname) return { refusal: 'Surname is empty' };
  if (firstName.length > 100 || surname.length > 100) return { refusal: 'A name is longer than 100 characters' };
  const email = text.email || null;
  if (email && (!EMAIL.test(email) || email.length > 254)) return { refusal: `E-mail “${email}” is not valid` };
  const cellNum = text.cellNum || null;
  // The same rule as My Profile (spec §5), so a number given here never blocks the member's profile.
  const cellCheck = cellNum ? cellNumSchema.safeParse(cellNum) : null;
  if (cellCheck && !cellCheck.success) {
    return { refusal: `Cell number “${cellNum}”: ${cellCheck.error.issues[0]!.message}` };
  }
  const divisions = text.divisions;
  const lastGiven = divisions.reduce((last, d, i) => (d ? i : last), -1);
  if (divisions.slice(0, lastGiven + 1).some((d) => !d)) {
    return { refusal: 'Divisions must be filled from division 1 down (a lower level needs the one above)' };
  }
  if (!text.country) return { refusal: 'Country is empty' };
  const manager = text.manager || null;
  if (manager && manager.toLowerCase() === employeeNumber.toLowerCase()) {
    return { refusal: 'A member cannot be their own manager' };
  }
  const dates: (string | null)[] = [];
  for (const [label, value] of [
    ['Start date', text.startDate],
    ['Birth date', text.birthDate],
  ] as const) {
    const day = value ? parseDay(value) : null;
    if (value && !day) return { refusal: `${label} “${value}” is not a date (use dd/MM/yyyy)` };
    if (label === 'Birth date' && day && day > new Date().toISOString().slice(0, 10)) {
      return { refusal: `Birth date “${value}” is in the future` };
    }
    dates.push(day);
  }
  let roles: string[] | null = null;
  if (text.roles.toLowerCase() === 'none') roles = [];
  else if (text.roles) {
    roles = [...parseRoles(text.roles)].sort();
    const unknown = roles.filter((r) => !(ROLE_NAMES as readonly string[]).includes(r));
    if (unknown.length > 0) return { refusal: `Unknown role ${unknown.map((r) => `“${r}”`).join(', ')}` };
  }
  const active = text.active.toLowerCase();
  if (active && !YES.has(active) && !NO.has(active)) return { refusal: `Active “${text.active}” must be yes or no` };
  return {
    data: {
      employeeNumber,
      firstName,
      surname,
      email,
      cellNum,
      divisions: divisions.slice(0, lastGiven + 1),
      country: text.country,
      unit: text.unit || null,
      manager,
      startDate: dates[0] ?? null,
      birthDate: dates[1] ?? null,
      roles,
      active: active ? YES.has(active) : null,
    },
  };
}

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? '') === (b ?? '');
export const sortedRoles = (roles: string) => roles.split(',').filter(Boolean).sort();

/** Would this change alter the known member? (Empty optional values keep what is there.) */
export function wouldChange(row: MemberChange, m: KnownMember): boolean {
  return changedFields(row, m).length > 0;
}

/** The fields this change alters on the known member, by name (the provisioning log lists them). */
export function changedFields(row: MemberChange, m: KnownMember): string[] {
  const optional = (value: string | null, current: string | null) => value !== null && !sameText(value, current);
  const fields: [string, boolean][] = [
    ['firstName', row.firstName !== m.firstName],
    ['surname', row.surname !== m.surname],
    ['country', row.country !== m.country],
    ['active', row.active !== null && row.active !== m.active],
    ['email', optional(row.email, m.email)],
    ['cellNum', optional(row.cellNum, m.cellNum)],
    ['unit', optional(row.unit, m.unit)],
    ['startDate', optional(row.startDate, m.startDate)],
    ['birthDate', optional(row.birthDate, m.birthDate)],
    ['manager', optional(row.manager, m.managerNumber)],
    ['divisions', row.divisions.length > 0 && row.divisions.join('/') !== (m.divisions ?? '')],
    ['roles', row.roles !== null && row.roles.join(',') !== sortedRoles(m.roles).join(',')],
  ];
  return fields.filter(([, changed]) => changed).map(([name]) => name);
}

/** Who makes a change: a member (an upload's applier), or the firm's directory through a token. */
export type ChangeAuthor = { memberId: number; tokenId?: undefined } | { memberId?: undefined; tokenId: number };

/** What the writes changed besides the members' rows: who was created, deactivated, their ids. */
export interface WrittenChanges {
  ids: Map<string, number>;
  created: string[];
  deactivated: number[];
}

const UPSERT_BATCH = 2000;

/**
 * Writes checked changes in the caller's transaction: the division paths, the members (new
 * employee numbers become unregistered members, known ones are updated), role grants with the
 * roles history, each changed sign-in address told at its old address, managers linked last (a
 * manager may be a later row), and leavers signed out everywhere with their integration tokens
 * revoked. `progress` hears each batch.
 */
export async function writeMemberChanges(
  tx: Db,
  log: FastifyBaseLogger,
  rows: MemberChange[],
  author: ChangeAuthor,
  progress: (done: number, total: number) => void = () => {},
): Promise<WrittenChanges> {
  const divisionIds = new Map<string, number | null>();
  for (const path of new Set(rows.filter((r) => r.divisions.length > 0).map((r) => r.divisions.join('\u0000')))) {
    divisionIds.set(path, await ensureDivisionPath(tx, path.split('\u0000')));
  }
  const ids = new Map<string, number>();
  const created: string[] = [];
  const grants: { memberId: number; before: RoleGrant; after: RoleGrant }[] = [];
  const emails: { firstName: string; oldEmail: string; newEmail: string }[] = [];
  const deactivated: number[] = [];
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const part = rows.slice(i, i + UPSERT_BATCH);
    const before = new Map(
      (
        await findMembersByEmployeeNumbers(
          tx,
          part.map((r) => r.employeeNumber),
        )
      ).map((m) => [m.employeeNumber, m]),
    );
    const written = await upsertMembers(
      tx,
      part.map((r): MemberUpsert => ({
        e: r.employeeNumber,
        fn: r.firstName,
        sn: r.surname,
        em: r.email,
        cn: r.cellNum,
        div: r.divisions.length > 0 ? (divisionIds.get(r.divisions.join('\u0000')) ?? null) : null,
        co: r.country,
        un: r.unit,
        sd: r.startDate,
        bd: r.birthDate,
        ac: r.active,
        dx: r.directory ? true : null,
        xi: r.directory?.externalId ?? null,
        du: r.directory?.userName ?? null,
      })),
    );
    // A member the change leaves as they were is not written (nor returned): their id is known.
    for (const m of before.values()) ids.set(m.employeeNumber, m.id);
    for (const w of written) {
      ids.set(w.employeeNumber, w.id);
      if (w.inserted) created.push(w.employeeNumber);
    }
    for (const row of part) {
      const was = before.get(row.employeeNumber);
      const memberId = ids.get(row.employeeNumber)!;
      if (was?.email && row.email && was.email.toLowerCase() !== row.email.toLowerCase()) {
        emails.push({ firstName: row.firstName, oldEmail: was.email, newEmail: row.email });
      }
      if (was?.active && row.active === false) deactivated.push(memberId);
      const rolesBefore = was ? sortedRoles(was.roles) : [];
      if (row.roles !== null && row.roles.join(',') !== rolesBefore.join(',')) {
        const isAdminReports = was?.isAdminReports ?? false;
        grants.push({
          memberId,
          before: { roles: rolesBefore, isAdminReports },
          after: { roles: row.roles, isAdminReports },
        });
      }
    }
    progress(Math.min(i + UPSERT_BATCH, rows.length), rows.length);
  }
  await setMemberRolesByNumber(
    tx,
    rows.flatMap((r) => (r.roles === null ? [] : [{ e: r.employeeNumber, r: r.roles.join(',') }])),
  );
  if (grants.length > 0) {
    await tx
      .insert(roleChanges)
      .values(
        grants.map((g) => ({ ...g, changedBy: author.memberId ?? null, changedByToken: author.tokenId ?? null })),
      );
  }
  for (const email of emails) await tellOldAddress(tx, log, email);
  await setManagersByNumber(
    tx,
    rows.flatMap((r) => (r.manager ? [{ e: r.employeeNumber, m: r.manager }] : [])),
    rows.flatMap((r) => (r.manager === '' ? [r.employeeNumber] : [])),
  );
  await revokeSessionsOf(tx, deactivated, [...ids.values()]);
  return { ids, created, deactivated };
}
