import { birthdaysQuery, memberDatabaseQuery, registrationsQuery } from './member-reports.repository.ts';
import {
  column as c,
  MEMBER_COLUMNS,
  MEMBER_FILTERS,
  PERIOD_MEMBER_FILTERS,
  type ReportDefinition,
} from './report-definition.ts';

/** The registry's reports over the member records (reports.registry.ts): registrations, master data, birthdays. */

export const REGISTRATIONS_REPORT: ReportDefinition = {
  key: 'reportregistrations',
  title: 'Registrations Report',
  description: 'Members registered and not, by division, with registration dates and the registration rate.',
  capability: 'viewReports',
  columns: [
    c('member', 'Member', 'text'),
    c('employeeNumber', 'Employee no.', 'text'),
    c('division1', 'Division', 'text'),
    c('division2', 'Sub-division', 'text'),
    c('division', 'Team', 'text'),
    c('country', 'Country', 'text'),
    c('registered', 'Registered', 'text'),
    c('registeredAt', 'Registered on', 'date'),
  ],
  filters: MEMBER_FILTERS,
  defaultSort: { column: 'member', direction: 'asc' },
  query: registrationsQuery,
};

export const MEMBER_DATABASE_REPORT: ReportDefinition = {
  key: 'reportmemberdatabase',
  title: 'Member Database Report',
  description: 'The member master data.',
  capability: 'viewAdminReports',
  columns: [
    c('employeeNumber', 'Employee no.', 'text'),
    c('firstName', 'First name', 'text'),
    c('surname', 'Surname', 'text'),
    c('email', 'E-mail', 'text'),
    c('cellNum', 'Cell number', 'text'),
    c('birthDate', 'Birth date', 'date'),
    c('startDate', 'Start date', 'date'),
    c('division1', 'Division', 'text'),
    c('division2', 'Sub-division', 'text'),
    c('division', 'Team', 'text'),
    c('country', 'Country', 'text'),
    c('unit', 'Unit', 'text'),
    c('manager', 'Manager', 'text'),
    c('isManager', 'Is manager', 'text'),
    c('isAdminReports', 'Report admin', 'text'),
    c('roles', 'Roles', 'text'),
    c('active', 'Active', 'text'),
    c('registered', 'Registered', 'text'),
    c('source', 'Managed by', 'text'),
  ],
  filters: MEMBER_FILTERS,
  defaultSort: { column: 'employeeNumber', direction: 'asc' },
  query: memberDatabaseQuery,
};

export const BIRTHDAYS_REPORT: ReportDefinition = {
  key: 'reportbirthdays',
  title: 'Birthdays Report',
  description: 'Birthdays and work anniversaries in the period (default: this month).',
  capability: 'viewReports',
  columns: [
    c('date', 'Date', 'date'),
    c('occasion', 'Occasion', 'text'),
    ...MEMBER_COLUMNS,
    c('years', 'Years', 'integer'),
  ],
  filters: PERIOD_MEMBER_FILTERS,
  defaultSort: { column: 'date', direction: 'asc' },
  query: birthdaysQuery,
};
