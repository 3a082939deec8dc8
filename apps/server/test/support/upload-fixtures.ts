import { randomBytes } from 'node:crypto';
import { setupApp } from './build-app.ts';
import { memberWithToken } from './factories.ts';
import { balancesOf } from './ledger-factories.ts';

export const POINTS_HEADER = ['Employee number', 'Points', 'Account', 'Reason'];
export const MEMBERS_HEADER = [
  'Employee number',
  'First name',
  'Surname',
  'E-mail',
  'Cell number',
  'Division 1',
  'Division 2',
  'Division 3',
  'Country',
  'Unit',
  'Manager employee number',
  'Start date',
  'Birth date',
  'Roles',
  'Active',
];

/** A members file row for a member (or a new one), with the columns a test changes. */
export const memberRow = (
  m: { employeeNumber: string; firstName: string; surname: string; email: string | null },
  over: { email?: string; roles?: string; manager?: string; active?: string } = {},
) => [
  m.employeeNumber,
  m.firstName,
  m.surname,
  over.email ?? m.email ?? '',
  '',
  '',
  '',
  '',
  'South Africa',
  '',
  over.manager ?? '',
  '',
  '',
  over.roles ?? '',
  over.active ?? 'yes',
];

export const tag = () => randomBytes(3).toString('hex').toUpperCase();

/** The app for an uploads test file, a report administrator's token, and a member's balances. */
export function setupUploads() {
  const ctx = setupApp();
  const admin = async () => (await memberWithToken(ctx, { isAdminReports: true })).token;
  const balances = (memberId: number) => balancesOf(ctx.app, memberId);
  return { ctx, admin, balances };
}
