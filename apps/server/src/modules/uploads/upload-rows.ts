import { ROLE_NAMES, parseRoles } from '@ovation/shared/capabilities';
import { cellNumSchema } from '@ovation/shared/schemas/profile';
import { formatPoints } from '@ovation/shared/format/money';
import {
  UPLOAD_COLUMNS,
  UPLOAD_POINTS_MAX,
  UPLOAD_REASON_MAX,
  headerKey,
  type UploadKind,
} from '@ovation/shared/schemas/admin-uploads';
import { UploadFileError } from './read-upload-file.ts';

/** A members row as applied. Optional values left empty are null: the member keeps what they have. */
export interface MemberRowData {
  employeeNumber: string;
  firstName: string;
  surname: string;
  email: string | null;
  cellNum: string | null;
  divisions: string[];
  country: string;
  unit: string | null;
  manager: string | null;
  startDate: string | null;
  birthDate: string | null;
  /** null keeps the member's roles; [] clears them ('none'). */
  roles: string[] | null;
  /** null (an empty cell or no Active column) keeps what a known member is; a new member is active. */
  active: boolean | null;
}

export interface PointsRowData {
  employeeNumber: string;
  points: number;
  account: 'personal' | 'team';
  reason: string;
}

export type RowCheck<T> = { data: T; refusal?: undefined } | { data?: undefined; refusal: string };

/** Column index per header key; refuses a file whose header lacks a required column. */
export function mapHeader(kind: UploadKind, header: string[]): Map<string, number> {
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const key = headerKey(h);
    if (key && !index.has(key)) index.set(key, i);
  });
  // A column named as another system names it (hireDate for Start date) is read as that column.
  for (const column of UPLOAD_COLUMNS[kind]) {
    const alias = column.aliases?.map(headerKey).find((key) => index.has(key));
    if (alias && !index.has(headerKey(column.header))) index.set(headerKey(column.header), index.get(alias)!);
  }
  const missing = UPLOAD_COLUMNS[kind].filter((c) => c.required && !index.has(headerKey(c.header)));
  if (missing.length > 0) {
    const names = missing.map((c) => `“${c.header}”`).join(', ');
    throw new UploadFileError(
      `This is not a ${kind} file: the first row must name the columns. Missing: ${names}. Download the template.`,
    );
  }
  return index;
}

const cellOf = (cells: string[], index: Map<string, number>) => (header: string) => {
  const i = index.get(headerKey(header));
  return i === undefined ? '' : (cells[i] ?? '').trim();
};

const EMPLOYEE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,19}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

const YES = new Set(['yes', 'y', 'true', '1', 'active']);
const NO = new Set(['no', 'n', 'false', '0', 'inactive']);

/** One members row, on its own (the file and the database are checked by the caller). */
export function checkMemberRow(cells: string[], index: Map<string, number>): RowCheck<MemberRowData> {
  const cell = cellOf(cells, index);
  const employeeNumber = cell('Employee number');
  if (!employeeNumber) return { refusal: 'Employee number is empty' };
  if (!EMPLOYEE_NUMBER.test(employeeNumber)) {
    return { refusal: `Employee number “${employeeNumber}” is not valid (letters and digits, at most 20)` };
  }
  const firstName = cell('First name');
  const surname = cell('Surname');
  if (!firstName) return { refusal: 'First name is empty' };
  if (!surname) return { refusal: 'Surname is empty' };
  if (firstName.length > 100 || surname.length > 100) return { refusal: 'A name is longer than 100 characters' };
  const email = cell('E-mail') || null;
  if (email && (!EMAIL.test(email) || email.length > 254)) return { refusal: `E-mail “${email}” is not valid` };
  const cellNum = cell('Cell number') || null;
  // The same rule as My Profile (spec §5), so an uploaded number never blocks the member's profile.
  const cellCheck = cellNum ? cellNumSchema.safeParse(cellNum) : null;
  if (cellCheck && !cellCheck.success) {
    return { refusal: `Cell number “${cellNum}”: ${cellCheck.error.issues[0]!.message}` };
  }
  const divisions = [cell('Division 1'), cell('Division 2'), cell('Division 3')];
  const lastGiven = divisions.reduce((last, d, i) => (d ? i : last), -1);
  if (divisions.slice(0, lastGiven + 1).some((d) => !d)) {
    return { refusal: 'Divisions must be filled from division 1 down (a lower level needs the one above)' };
  }
  const country = cell('Country');
  if (!country) return { refusal: 'Country is empty' };
  const manager = cell('Manager employee number') || null;
  if (manager && manager.toLowerCase() === employeeNumber.toLowerCase()) {
    return { refusal: 'A member cannot be their own manager' };
  }
  const dates: (string | null)[] = [];
  for (const header of ['Start date', 'Birth date']) {
    const text = cell(header);
    const day = text ? parseDay(text) : null;
    if (text && !day) return { refusal: `${header} “${text}” is not a date (use dd/MM/yyyy)` };
    if (header === 'Birth date' && day && day > new Date().toISOString().slice(0, 10)) {
      return { refusal: `Birth date “${text}” is in the future` };
    }
    dates.push(day);
  }
  const rolesText = cell('Roles');
  let roles: string[] | null = null;
  if (rolesText.toLowerCase() === 'none') roles = [];
  else if (rolesText) {
    roles = [...parseRoles(rolesText)].sort();
    const unknown = roles.filter((r) => !(ROLE_NAMES as readonly string[]).includes(r));
    if (unknown.length > 0) return { refusal: `Unknown role ${unknown.map((r) => `“${r}”`).join(', ')}` };
  }
  const activeText = cell('Active').toLowerCase();
  if (activeText && !YES.has(activeText) && !NO.has(activeText)) {
    return { refusal: `Active “${activeText}” must be yes or no` };
  }
  return {
    data: {
      employeeNumber,
      firstName,
      surname,
      email,
      cellNum,
      divisions: divisions.slice(0, lastGiven + 1),
      country,
      unit: cell('Unit') || null,
      manager,
      startDate: dates[0] ?? null,
      birthDate: dates[1] ?? null,
      roles,
      active: activeText ? YES.has(activeText) : null,
    },
  };
}

const WHOLE_POINTS = /^(?:\d+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d{1,3}(?:,\d{3})+)$/;

/** One points row, on its own (the member is checked by the caller). */
export function checkPointsRow(cells: string[], index: Map<string, number>): RowCheck<PointsRowData> {
  const cell = cellOf(cells, index);
  const employeeNumber = cell('Employee number');
  if (!employeeNumber) return { refusal: 'Employee number is empty' };
  const pointsCell = cell('Points');
  if (!pointsCell) return { refusal: 'Points is empty' };
  // Thousands may be grouped by spaces or commas ("1 000", "1,000"); anything else with a comma
  // ("1,5", a decimal comma) is refused rather than read as another number.
  if (!WHOLE_POINTS.test(pointsCell)) return { refusal: `Points “${pointsCell}” is not a whole number above zero` };
  const points = Number(pointsCell.replace(/[\s,]/g, ''));
  if (points < 1 || points > UPLOAD_POINTS_MAX) {
    return { refusal: `Points must be from 1 to ${formatPoints(UPLOAD_POINTS_MAX)}` };
  }
  const accountText = cell('Account').toLowerCase();
  const account = accountText === 'personal' ? 'personal' : accountText === 'team' ? 'team' : null;
  if (!account) return { refusal: `Account “${cell('Account')}” must be personal or team` };
  const reason = cell('Reason');
  if (!reason) return { refusal: 'Reason is empty' };
  if (reason.length > UPLOAD_REASON_MAX) return { refusal: `Reason is longer than ${UPLOAD_REASON_MAX} characters` };
  return { data: { employeeNumber, points, account, reason } };
}
