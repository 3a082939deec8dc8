import type { ReportKey } from '@ovation/shared/schemas/reports';
import { AUDIT_REPORT } from './audit.registry.ts';
import { AWARDS_REPORT } from './award-reports.registry.ts';
import { LONG_SERVICE_REPORT } from './long-service.registry.ts';
import {
  GAME_PLAYS_REPORT,
  PAY_IT_FORWARD_REPORT,
  REDEEMED_REPORT,
  SIMPLY_SAY_REPORT,
} from './kudos-reports.registry.ts';
import {
  MANAGEMENT_REPORT,
  MANAGER_BALANCES_REPORT,
  MEMBER_BALANCES_REPORT,
  TRANSACTIONS_REPORT,
} from './ledger-reports.registry.ts';
import { BIRTHDAYS_REPORT, MEMBER_DATABASE_REPORT, REGISTRATIONS_REPORT } from './member-reports.registry.ts';
import { MOOD_REPORTS } from './mood-reports.registry.ts';
import { PROVISIONING_REPORT } from './provisioning.registry.ts';
import type { ReportDefinition } from './report-definition.ts';

/**
 * The report registry (issue 12): a report is one definition, written beside the reports over
 * the same tables (ledger-, kudos-, member- and mood-reports.registry.ts); this list is their
 * order in `GET /api/reports`. Capabilities follow spec §2's Management menu (rep or report
 * admins → viewReports); the three reports outside the menu are for report admins only
 * (viewAdminReports, decision 0024).
 */
export const REPORTS: readonly ReportDefinition[] = [
  MANAGEMENT_REPORT,
  MEMBER_BALANCES_REPORT,
  MANAGER_BALANCES_REPORT,
  PAY_IT_FORWARD_REPORT,
  REDEEMED_REPORT,
  SIMPLY_SAY_REPORT,
  REGISTRATIONS_REPORT,
  MEMBER_DATABASE_REPORT,
  BIRTHDAYS_REPORT,
  ...MOOD_REPORTS,
  GAME_PLAYS_REPORT,
  TRANSACTIONS_REPORT,
  AWARDS_REPORT,
  LONG_SERVICE_REPORT,
  PROVISIONING_REPORT,
  AUDIT_REPORT,
];

const BY_KEY = new Map<string, ReportDefinition>(REPORTS.map((r) => [r.key, r]));

export function findReport(key: string): ReportDefinition | undefined {
  return BY_KEY.get(key.toLowerCase());
}

export const reportRoute = (key: ReportKey) => `/${key}`;

/** Which totals a report shows, with their titles and types (the keys of query.totals). */
export const TOTAL_LABELS: Record<string, { title: string; type: 'integer' | 'points' | 'percent' | 'money' }> = {
  members: { title: 'Members', type: 'integer' },
  registeredCount: { title: 'Registered', type: 'integer' },
  notRegistered: { title: 'Not registered', type: 'integer' },
  registrationRate: { title: 'Registration rate', type: 'percent' },
  birthdays: { title: 'Birthdays', type: 'integer' },
  anniversaries: { title: 'Work anniversaries', type: 'integer' },
  pointsRedeemed: { title: 'Points redeemed, less refunds', type: 'points' },
  longServiceAwards: { title: 'Long-service awards', type: 'integer' },
  valueRand: { title: 'Value (R)', type: 'money' },
  exemptRand: { title: 'Exempt (R)', type: 'money' },
  taxableRand: { title: 'Taxable (R)', type: 'money' },
  nominations: { title: 'Nominations', type: 'integer' },
  pointsCommitted: { title: 'Committed (held)', type: 'points' },
  pointsPaid: { title: 'Paid', type: 'points' },
  pointsReleased: { title: 'Released', type: 'points' },
  averageHoursToDecide: { title: 'Average hours to decide', type: 'integer' },
  calls: { title: 'Calls', type: 'integer' },
  refused: { title: 'Refused', type: 'integer' },
  actions: { title: 'Actions', type: 'integer' },
};
