import { gamePlaysQuery, payItForwardQuery, redeemedQuery, simplySayQuery } from './kudos-reports.repository.ts';
import { column as c, PERIOD_MEMBER_FILTERS, type ReportDefinition } from './report-definition.ts';

/** The registry's reports of what members did (reports.registry.ts): sends, redemptions and game plays, one row each. */

/** When a send went, and who sent it to whom, with their teams. */
const SENT_COLUMNS = [
  c('createdAt', 'When', 'datetime'),
  c('from', 'From', 'text'),
  c('fromDivision', 'From team', 'text'),
  c('to', 'To', 'text'),
  c('toDivision', 'To team', 'text'),
];

/** When a member did it, and who they are: employee number and team. */
const MEMBER_DID_COLUMNS = [
  c('createdAt', 'When', 'datetime'),
  c('member', 'Member', 'text'),
  c('employeeNumber', 'Employee no.', 'text'),
  c('division', 'Team', 'text'),
];
export const PAY_IT_FORWARD_REPORT: ReportDefinition = {
  key: 'reportpayitforward',
  title: 'Pay It Forward Report',
  description: 'Every Pay It Forward: when, from, to, points and message.',
  capability: 'viewReports',
  columns: [...SENT_COLUMNS, c('points', 'Points', 'points'), c('message', 'Message', 'text', false)],
  filters: PERIOD_MEMBER_FILTERS,
  defaultSort: { column: 'createdAt', direction: 'desc' },
  query: payItForwardQuery,
};

export const REDEEMED_REPORT: ReportDefinition = {
  key: 'reportredeemed',
  title: 'Redeemed Rewards Report',
  description: 'Every redemption: when, member, items, points and status.',
  capability: 'viewReports',
  columns: [
    ...MEMBER_DID_COLUMNS,
    c('items', 'Items', 'text', false),
    c('quantity', 'Quantity', 'integer'),
    c('points', 'Points', 'points'),
    c('status', 'Status', 'text'),
  ],
  filters: PERIOD_MEMBER_FILTERS,
  defaultSort: { column: 'createdAt', direction: 'desc' },
  query: redeemedQuery,
};

export const SIMPLY_SAY_REPORT: ReportDefinition = {
  key: 'reportsimplysay',
  title: 'SimplySay Report',
  description: 'Every kudos message — recognitions and High Fives: when, from, to, behaviour, points and reactions.',
  capability: 'viewAdminReports',
  columns: [
    ...SENT_COLUMNS,
    c('label', 'Behaviour', 'text'),
    c('points', 'Points', 'points'),
    c('reactions', 'Reactions', 'integer'),
    c('message', 'Message', 'text', false),
  ],
  filters: PERIOD_MEMBER_FILTERS,
  defaultSort: { column: 'createdAt', direction: 'desc' },
  query: simplySayQuery,
};

export const GAME_PLAYS_REPORT: ReportDefinition = {
  key: 'reportgameplays',
  title: 'Game Plays Report',
  description: 'Every game play: when, member and prize.',
  capability: 'viewReports',
  columns: [...MEMBER_DID_COLUMNS, c('prize', 'Prize', 'text'), c('pointsWon', 'Points won', 'points')],
  filters: PERIOD_MEMBER_FILTERS,
  defaultSort: { column: 'createdAt', direction: 'desc' },
  query: gamePlaysQuery,
};
