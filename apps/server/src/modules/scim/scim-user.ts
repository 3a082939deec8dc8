import type { MemberChangeText } from '../../core/member-changes/member-change.ts';
import { invalidValue } from './scim-errors.ts';
import { CORE_USER, ENTERPRISE_USER, OVATION_USER } from './scim-schemas.ts';

/**
 * A member as a SCIM User (RFC 7643 §4.1 with the enterprise and Ovation extensions), and a
 * User the directory sends as the member-change kernel's text (decision 0110).
 */

/** A member as the SCIM service reads them. */
export interface ScimMemberRow {
  id: number;
  externalId: string | null;
  userName: string | null;
  employeeNumber: string;
  firstName: string;
  surname: string;
  email: string | null;
  cellNum: string | null;
  country: string;
  unit: string;
  divisions: string[];
  managerId: number | null;
  managerEmployeeNumber: string | null;
  managerName: string | null;
  startDate: string | null;
  birthDate: string | null;
  active: boolean;
  directoryManaged: boolean;
  /** The directory deleted this member (only a create's or a batch's read sees them). */
  directoryDeleted: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** ISO 3166-1 alpha-2 codes by English country name (lower case), and names by code. */
const CODES = new Map<string, string>();
for (let a = 65; a <= 90; a++) {
  for (let b = 65; b <= 90; b++) {
    const code = String.fromCharCode(a, b);
    const name = regionNames.of(code);
    if (name && name !== code) CODES.set(name.toLowerCase(), code);
  }
}

/** A country's ISO code for `addresses`, when it has one. */
export const countryCode = (name: string) => CODES.get(name.trim().toLowerCase()) ?? null;

/** A country as the member's record names it, from an ISO code (ZA → South Africa) or a name as given. */
export function countryName(value: string): string {
  const text = value.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const name = regionNames.of(text.toUpperCase());
    if (name && name !== text.toUpperCase()) return name;
  }
  return text;
}

const iso = (d: Date) => new Date(d).toISOString();

export function toScimUser(m: ScimMemberRow, baseUrl: string) {
  const code = countryCode(m.country);
  const [division1 = '', division2 = '', division3 = ''] = m.divisions;
  return {
    schemas: [CORE_USER, ENTERPRISE_USER, OVATION_USER],
    id: String(m.id),
    ...(m.externalId ? { externalId: m.externalId } : {}),
    userName: m.userName ?? m.email ?? m.employeeNumber,
    name: { givenName: m.firstName, familyName: m.surname, formatted: `${m.firstName} ${m.surname}` },
    displayName: `${m.firstName} ${m.surname}`,
    active: m.active,
    emails: m.email ? [{ value: m.email, type: 'work', primary: true }] : [],
    phoneNumbers: m.cellNum ? [{ value: m.cellNum, type: 'mobile' }] : [],
    addresses: code ? [{ type: 'work', country: code, primary: true }] : [],
    [ENTERPRISE_USER]: {
      employeeNumber: m.employeeNumber,
      ...(m.divisions.length > 0 ? { department: m.divisions[m.divisions.length - 1] } : {}),
      ...(m.managerId ? { manager: { value: String(m.managerId), displayName: m.managerName ?? '' } } : {}),
    },
    [OVATION_USER]: {
      country: m.country,
      unit: m.unit,
      ...(division1 ? { division1 } : {}),
      ...(division2 ? { division2 } : {}),
      ...(division3 ? { division3 } : {}),
      ...(m.startDate ? { hireDate: m.startDate } : {}),
      ...(m.birthDate ? { birthDate: m.birthDate } : {}),
    },
    meta: {
      resourceType: 'User',
      created: iso(m.createdAt),
      lastModified: iso(m.updatedAt),
      location: `${baseUrl}/scim/v2/Users/${m.id}`,
    },
  };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An attribute read case-insensitively (RFC 7643 §2.1: attribute names are case-insensitive). */
function field(object: unknown, name: string): unknown {
  if (!isObject(object)) return undefined;
  const key = Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : object[key];
}

function text(value: unknown, what: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  throw invalidValue(`${what} must be a string.`);
}

/** The value of the multi-valued attribute's entry of `type` (else the primary, else the first). */
function typedValue(list: unknown, type: string, sub = 'value'): unknown {
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) throw invalidValue(`${sub === 'value' ? 'A multi-valued attribute' : sub} must be a list.`);
  const entries = list.filter(isObject);
  const chosen =
    entries.find((e) => String(field(e, 'type') ?? '').toLowerCase() === type) ??
    entries.find((e) => field(e, 'primary') === true || field(e, 'primary') === 'True') ??
    entries[0];
  return chosen ? field(chosen, sub) : undefined;
}

/** `active` as Entra sends it too: a boolean, or the strings "True" / "False". */
export function activeOf(value: unknown): boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw invalidValue('active must be true or false.');
}

/**
 * The manager's SCIM id: `{ value }`, or the bare id Entra sends on a path-less or manager path;
 * '' when the User says it has none (null, an empty value); null when it does not say.
 */
export function managerIdOf(value: unknown): string | null {
  if (value === undefined) return null;
  if (value === null) return '';
  const id = isObject(value) ? field(value, 'value') : value;
  if (id === undefined || id === null || id === '') return '';
  return text(id, 'manager.value');
}

/** What the directory's User asks, read from the core schema and both extensions. */
export interface ScimUserInput {
  userName: string;
  externalId: string | null;
  text: Omit<MemberChangeText, 'manager'>;
  /** The manager's SCIM id; '' when the User has none (the member's is taken away); null when it does not say (kept). */
  managerId: string | null;
  /** The enterprise department, used when the Ovation extension names no divisions. */
  department: string;
  /** For a leaver: the employee number of who takes over their team (the Ovation extension's, write-only). */
  successor: string;
}

export function readScimUser(body: unknown): ScimUserInput {
  if (!isObject(body)) throw invalidValue('Send a User resource as a JSON object.');
  const enterprise = field(body, ENTERPRISE_USER);
  const ovation = field(body, OVATION_USER);
  const name = field(body, 'name');
  const active = activeOf(field(body, 'active'));
  const countryText =
    text(field(ovation, 'country'), 'country') ||
    text(typedValue(field(body, 'addresses'), 'work', 'country'), 'addresses.country');
  return {
    userName: text(field(body, 'userName'), 'userName'),
    externalId: text(field(body, 'externalId'), 'externalId') || null,
    text: {
      employeeNumber: text(field(enterprise, 'employeeNumber'), 'employeeNumber'),
      firstName: text(field(name, 'givenName'), 'name.givenName'),
      surname: text(field(name, 'familyName'), 'name.familyName'),
      email: text(typedValue(field(body, 'emails'), 'work'), 'emails.value'),
      cellNum: text(typedValue(field(body, 'phoneNumbers'), 'mobile'), 'phoneNumbers.value'),
      divisions: [
        text(field(ovation, 'division1'), 'division1'),
        text(field(ovation, 'division2'), 'division2'),
        text(field(ovation, 'division3'), 'division3'),
      ],
      country: countryText ? countryName(countryText) : '',
      unit: text(field(ovation, 'unit'), 'unit'),
      startDate: text(field(ovation, 'hireDate'), 'hireDate'),
      birthDate: text(field(ovation, 'birthDate'), 'birthDate'),
      // Roles come from groups (and the roles report), never from a User's attributes.
      roles: '',
      active: active === null ? '' : active ? 'yes' : 'no',
    },
    managerId: managerIdOf(field(enterprise, 'manager')),
    department: text(field(enterprise, 'department'), 'department'),
    successor: text(field(ovation, 'successor'), 'successor'),
  };
}
