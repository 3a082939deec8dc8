import {
  managementQuery,
  managerBalancesQuery,
  memberBalancesQuery,
  transactionsQuery,
} from './ledger-reports.repository.ts';
import { column as c, MEMBER_COLUMNS, PERIOD_MEMBER_FILTERS, type ReportDefinition } from './report-definition.ts';

/** The registry's reports over the ledger (reports.registry.ts): team budgets, balances and every entry. */

export const MANAGEMENT_REPORT: ReportDefinition = {
  key: 'reportmanagement',
  title: 'Management Report',
  description:
    'Managers’ team budgets for the period: allocated, spent, remaining, recognitions sent and team members reached.',
  capability: 'viewReports',
  columns: [
    ...MEMBER_COLUMNS,
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
};

export const MEMBER_BALANCES_REPORT: ReportDefinition = {
  key: 'reportmemberbalances',
  title: 'Member Balances',
  description: 'Each member’s points and game plays: earned and spent in the period, balance at its end.',
  capability: 'viewReports',
  columns: [
    ...MEMBER_COLUMNS,
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
};

export const MANAGER_BALANCES_REPORT: ReportDefinition = {
  key: 'reportmanagerbalances',
  title: 'Manager Balances',
  description: 'Each manager’s team budget: opening balance, allocations, spending and closing balance for the period.',
  capability: 'viewReports',
  columns: [
    ...MEMBER_COLUMNS,
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
};

export const TRANSACTIONS_REPORT: ReportDefinition = {
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
};
