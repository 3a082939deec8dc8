import { checkInAnalysisRows } from './checkin-analysis.ts';
import { dailyCheckInQuery } from './mood-reports.repository.ts';
import { column as c, type ReportDefinition } from './report-definition.ts';

/** The mood reports of the registry (reports.registry.ts): daily counts and the weekly analysis, both k-anonymous. */
export const MOOD_REPORTS: readonly ReportDefinition[] = [
  {
    key: 'reportdailycheckin',
    title: 'Daily Check-In Report',
    description:
      'Mood check-ins per day for the whole firm: how many, and how members felt. A day shows once it has ended, and only when at least 5 members checked in.',
    capability: 'viewAdminReports',
    columns: [
      c('day', 'Day', 'date'),
      c('checkIns', 'Check-ins', 'integer'),
      c('happy', 'Happy', 'integer'),
      c('okay', 'Okay', 'integer'),
      c('unhappy', 'Unhappy', 'integer'),
      c('averageMood', 'Average mood (1 happy – 3 unhappy)', 'mood'),
      c('privacy', 'Privacy', 'text', false),
    ],
    filters: ['from', 'to'],
    defaultSort: { column: 'day', direction: 'desc' },
    query: dailyCheckInQuery,
  },
  {
    key: 'reportdailycheckinanalysis',
    title: 'Daily Check-In Analysis',
    description:
      'Mood by division and week. A week appears once it has ended, and each member counts in the division they were in that week. Groups of fewer than 5 members are never shown as figures.',
    capability: 'viewReports',
    columns: [
      c('week', 'Week of', 'date'),
      c('division', 'Division', 'text'),
      c('members', 'Members', 'integer'),
      c('checkIns', 'Check-ins', 'integer'),
      c('happyShare', 'Happy', 'percent'),
      c('okayShare', 'Okay', 'percent'),
      c('unhappyShare', 'Unhappy', 'percent'),
      c('averageMood', 'Average mood (1 happy – 3 unhappy)', 'mood'),
      c('privacy', 'Privacy', 'text', false),
    ],
    // No country or search: they would split a division into groups that differ by a few members.
    filters: ['from', 'to', 'division1', 'division2', 'division3'],
    defaultSort: { column: 'week', direction: 'asc' },
    query: { kind: 'computed', run: checkInAnalysisRows },
    chart: { title: 'Average mood by week (1 happy – 3 unhappy)', x: 'week', group: 'division', y: 'averageMood' },
  },
];
