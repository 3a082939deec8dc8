import { formatPoints } from '@ovation/shared/format/money';
import {
  UPLOAD_COLUMNS,
  UPLOAD_POINTS_MAX,
  UPLOAD_REASON_MAX,
  headerKey,
  type UploadKind,
} from '@ovation/shared/schemas/admin-uploads';
import { checkMemberChange, type MemberChange } from '../../core/member-changes/member-change.ts';
import { UploadFileError } from './read-upload-file.ts';

/** A members row as applied: a change for the member-change kernel. */
export type MemberRowData = MemberChange;

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

/** One members row, on its own (the file and the database are checked by the caller). */
export function checkMemberRow(cells: string[], index: Map<string, number>): RowCheck<MemberRowData> {
  const cell = cellOf(cells, index);
  return checkMemberChange({
    employeeNumber: cell('Employee number'),
    firstName: cell('First name'),
    surname: cell('Surname'),
    email: cell('E-mail'),
    cellNum: cell('Cell number'),
    divisions: [cell('Division 1'), cell('Division 2'), cell('Division 3')],
    country: cell('Country'),
    unit: cell('Unit'),
    manager: cell('Manager employee number'),
    startDate: cell('Start date'),
    birthDate: cell('Birth date'),
    roles: cell('Roles'),
    active: cell('Active'),
  });
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
