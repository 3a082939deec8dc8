import { sql } from 'drizzle-orm';
import { column as c, type ReportDefinition } from './report-definition.ts';
import { fullName, inPeriod } from './report-sql.repository.ts';

/**
 * The provisioning log (issue 42, decision 0110): each call of the firm's directory that changed
 * a member or was refused — when, through which token, the call, the member, what changed or why
 * it was refused. For report administrators, who run the Integrations screen; exported like any
 * report (CSV, XLSX).
 */
export const PROVISIONING_REPORT: ReportDefinition = {
  key: 'reportprovisioning',
  title: 'Provisioning Log',
  description:
    'Each call the firm’s directory made over SCIM that changed a member or was refused: when, which token, what it asked, what changed or why it was refused. Reads and calls that changed nothing are not listed.',
  capability: 'manageIntegrations',
  columns: [
    c('at', 'When', 'datetime'),
    c('token', 'Token', 'text'),
    c('call', 'Call', 'text'),
    c('status', 'Status', 'integer'),
    c('outcome', 'Outcome', 'text'),
    c('member', 'Member', 'text'),
    c('employeeNumber', 'Employee no.', 'text'),
    c('detail', 'Changed / refusal', 'text', false),
  ],
  filters: ['from', 'to', 'search'],
  defaultSort: { column: 'at', direction: 'desc' },
  query: {
    kind: 'sql',
    tiebreak: 'id',
    search: ['token', 'call', 'outcome', 'member', 'employeeNumber', 'detail'],
    base: (f) => sql`
      select l.id as "id", l.at as "at", coalesce(t.name, '') as "token", l.method || ' ' || l.path as "call",
        l.status as "status", l.outcome as "outcome",
        coalesce(${fullName('m')}, '') as "member", coalesce(m.employee_number, '') as "employeeNumber",
        coalesce(l.detail->>'refusal',
          (select string_agg(value, ', ') from jsonb_array_elements_text(coalesce(l.detail->'changed', '[]'::jsonb))), '')
          as "detail"
      from provisioning_log l
      left join integration_tokens t on t.id = l.token_id
      left join members m on m.id = l.member_id
      where ${inPeriod(sql`l.at`, f)}`,
    totals: {
      calls: sql.raw('count(*)'),
      refused: sql.raw(`count(*) filter (where r."outcome" = 'refused')`),
    },
  },
};
