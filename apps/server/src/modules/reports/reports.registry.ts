import type { ReportKey } from '@ovation/shared/schemas/reports';
import { gamePlaysQuery, payItForwardQuery, redeemedQuery, simplySayQuery } from './kudos-reports.repository.ts';
import {
  managementQuery,
  managerBalancesQuery,
  memberBalancesQuery,
  transactionsQuery,
} from './ledger-reports.repository.ts';
import { birthdaysQuery, memberDatabaseQuery, registrationsQuery } from './member-reports.repository.ts';
import { MOOD_REPORTS } from './mood-reports.registry.ts';
import { column as c, MEMBER_FILTERS, PERIOD_MEMBER_FILTERS, type ReportDefinition } from './report-definition.ts';

/**
 * The report registry (issue 12): a report is one definition. Capabilities follow spec §2's
 * Management menu (rep or report admins → viewReports); the three reports outside the menu
 * are for report admins only (viewAdminReports, decision 0024).
 */
const memberCols = [
  c('member', 'Member', 'text'),
  c('employeeNumber', 'Employee no.', 'text'),
  c('division1', 'Division', 'text'),
  c('division', 'Team', 'text'),
  c('country', 'Country', 'text'),
];

export const REPORTS: readonly ReportDefinition[] = [
  {
    key: 'reportmanagement',
    title: 'Management Report',
    description:
      'Managers’ team budgets for the period: allocated, spent, remaining, recognitions sent and team members reached.',
    capability: 'viewReports',
    columns: [
      ...memberCols,
      c('teamSize', 'Team size', 'integer'),
      c('allocated', 'Allocated', 'points'),
      c('spent', 'Spent', 'points'),
      c('remaining', 'Remaining', 'points'),
      c('recognitionsSent', 'Recognitions sent', 'integer'),
      c('membersReached', 'Team members reached', 'integer'),
      c('reachedShare', 'Team reached', 'percent'),
    ],
    filters: PERIOD_MEMBER_FILTERS,
    defaultSort: { column: 'spent', direction: 'desc' },
    query: managementQuery,
  },
  {
    key: 'reportmemberbalances',
    title: 'Member Balances',
    description: 'Each member’s points and game plays: earned and spent in the period, balance at its end.',
    capability: 'viewReports',
    columns: [
      ...memberCols,
      c('pointsEarned', 'Points earned', 'points'),
      c('pointsSpent', 'Points spent', 'points'),
      c('pointsBalance', 'Points balance', 'points'),
      c('playsEarned', 'Plays earned', 'integer'),
      c('playsUsed', 'Plays used', 'integer'),
      c('playsBalance', 'Plays balance', 'integer'),
    ],
    filters: PERIOD_MEMBER_FILTERS,
    defaultSort: { column: 'member', direction: 'asc' },
    query: memberBalancesQuery,
  },
  {
    key: 'reportmanagerbalances',
    title: 'Manager Balances',
    description:
      'Each manager’s team budget: opening balance, allocations, spending and closing balance for the period.',
    capability: 'viewReports',
    columns: [
      ...memberCols,
      c('opening', 'Opening balance', 'points'),
      c('allocated', 'Allocated', 'points'),
      c('spent', 'Spent', 'points'),
      c('closing', 'Closing balance', 'points'),
      c('movements', 'Movements', 'integer'),
      c('lastMovement', 'Last movement', 'datetime'),
    ],
    filters: PERIOD_MEMBER_FILTERS,
    defaultSort: { column: 'member', direction: 'asc' },
    query: managerBalancesQuery,
  },
  {
    key: 'reportpayitforward',
    title: 'Pay It Forward Report',
    description: 'Every Pay It Forward: when, from, to, points and message.',
    capability: 'viewReports',
    columns: [
      c('createdAt', 'When', 'datetime'),
      c('from', 'From', 'text'),
      c('fromDivision', 'From team', 'text'),
      c('to', 'To', 'text'),
      c('toDivision', 'To team', 'text'),
      c('points', 'Points', 'points'),
      c('message', 'Message', 'text', false),
    ],
    filters: PERIOD_MEMBER_FILTERS,
    defaultSort: { column: 'createdAt', direction: 'desc' },
    query: payItForwardQuery,
  },
  {
    key: 'reportredeemed',
    title: 'Redeemed Rewards Report',
    description: 'Every redemption: when, member, items, points and status.',
    capability: 'viewReports',
    columns: [
      c('createdAt', 'When', 'datetime'),
      c('member', 'Member', 'text'),
      c('employeeNumber', 'Employee no.', 'text'),
      c('division', 'Team', 'text'),
      c('items', 'Items', 'text', false),
      c('quantity', 'Quantity', 'integer'),
      c('points', 'Points', 'points'),
      c('status', 'Status', 'text'),
    ],
    filters: PERIOD_MEMBER_FILTERS,
    defaultSort: { column: 'createdAt', direction: 'desc' },
    query: redeemedQuery,
  },
  {
    key: 'reportsimplysay',
    title: 'SimplySay Report',
    description: 'Every kudos message — recognitions and High Fives: when, from, to, behaviour, points and reactions.',
    capability: 'viewAdminReports',
    columns: [
      c('createdAt', 'When', 'datetime'),
      c('from', 'From', 'text'),
      c('fromDivision', 'From team', 'text'),
      c('to', 'To', 'text'),
      c('toDivision', 'To team', 'text'),
      c('label', 'Behaviour', 'text'),
      c('points', 'Points', 'points'),
      c('reactions', 'Reactions', 'integer'),
      c('message', 'Message', 'text', false),
    ],
    filters: PERIOD_MEMBER_FILTERS,
    defaultSort: { column: 'createdAt', direction: 'desc' },
    query: simplySayQuery,
  },
  {
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
  },
  {
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
    ],
    filters: MEMBER_FILTERS,
    defaultSort: { column: 'employeeNumber', direction: 'asc' },
    query: memberDatabaseQuery,
  },
  {
    key: 'reportbirthdays',
    title: 'Birthdays Report',
    description: 'Birthdays and work anniversaries in the period (default: this month).',
    capability: 'viewReports',
    columns: [
      c('date', 'Date', 'date'),
      c('occasion', 'Occasion', 'text'),
      ...memberCols,
      c('years', 'Years', 'integer'),
    ],
    filters: PERIOD_MEMBER_FILTERS,
    defaultSort: { column: 'date', direction: 'asc' },
    query: birthdaysQuery,
  },
  ...MOOD_REPORTS,
  {
    key: 'reportgameplays',
    title: 'Game Plays Report',
    description: 'Every game play: when, member and prize.',
    capability: 'viewReports',
    columns: [
      c('createdAt', 'When', 'datetime'),
      c('member', 'Member', 'text'),
      c('employeeNumber', 'Employee no.', 'text'),
      c('division', 'Team', 'text'),
      c('prize', 'Prize', 'text'),
      c('pointsWon', 'Points won', 'points'),
    ],
    filters: PERIOD_MEMBER_FILTERS,
    defaultSort: { column: 'createdAt', direction: 'desc' },
    query: gamePlaysQuery,
  },
  {
    key: 'reporttransactions',
    title: 'Transactions Report',
    description:
      'The ledger: every transaction’s entries with kind, reference, account and amount. Entries of a transaction sum to zero.',
    capability: 'viewReports',
    columns: [
      c('reference', 'Reference', 'text'),
      c('createdAt', 'When', 'datetime'),
      c('kind', 'Kind', 'text'),
      c('memo', 'Memo', 'text'),
      c('actor', 'By', 'text'),
      c('accountHolder', 'Account holder', 'text'),
      c('account', 'Account', 'text'),
      c('amount', 'Amount', 'points'),
      c('counterparty', 'Counterparty', 'text'),
    ],
    filters: PERIOD_MEMBER_FILTERS,
    defaultSort: { column: 'entryId', direction: 'desc' },
    query: transactionsQuery,
  },
];

const BY_KEY = new Map<string, ReportDefinition>(REPORTS.map((r) => [r.key, r]));

export function findReport(key: string): ReportDefinition | undefined {
  return BY_KEY.get(key.toLowerCase());
}

export const reportRoute = (key: ReportKey) => `/${key}`;

/** Which totals a report shows, with their titles and types (the keys of query.totals). */
export const TOTAL_LABELS: Record<string, { title: string; type: 'integer' | 'points' | 'percent' }> = {
  members: { title: 'Members', type: 'integer' },
  registeredCount: { title: 'Registered', type: 'integer' },
  notRegistered: { title: 'Not registered', type: 'integer' },
  registrationRate: { title: 'Registration rate', type: 'percent' },
  birthdays: { title: 'Birthdays', type: 'integer' },
  anniversaries: { title: 'Work anniversaries', type: 'integer' },
  pointsRedeemed: { title: 'Points redeemed, less refunds', type: 'points' },
};
