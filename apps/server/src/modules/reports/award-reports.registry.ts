import { awardsQuery } from './award-reports.repository.ts';
import { column as c, MEMBER_COLUMNS, PERIOD_MEMBER_FILTERS, type ReportDefinition } from './report-definition.ts';

/** The registry's report over award programmes (reports.registry.ts; decision 0107). */
export const AWARDS_REPORT: ReportDefinition = {
  key: 'reportawards',
  title: 'Awards Report',
  description:
    'Every award nomination: programme, nominee, level, points and status, with the time to decide. Totals: committed (held), paid and released.',
  capability: 'viewReports',
  columns: [
    c('createdAt', 'Nominated', 'datetime'),
    c('programme', 'Programme', 'text'),
    ...MEMBER_COLUMNS,
    c('nominator', 'Nominated by', 'text'),
    c('level', 'Level', 'text'),
    c('points', 'Points', 'points'),
    c('status', 'Status', 'text'),
    c('decidedAt', 'Decided', 'datetime'),
    c('hoursToDecide', 'Hours to decide', 'integer'),
  ],
  filters: PERIOD_MEMBER_FILTERS,
  defaultSort: { column: 'createdAt', direction: 'desc' },
  query: awardsQuery,
};
