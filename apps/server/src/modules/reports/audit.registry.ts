import { sql } from 'drizzle-orm';
import { column as c, type ReportDefinition } from './report-definition.ts';
import { fullName, inPeriod } from './report-sql.repository.ts';

/**
 * The audit trail (issue 43, decision 0113): who did what, to what, with what before and after,
 * newest first. For report administrators; searched by actor, action or target, exported like any
 * report (CSV, XLSX, cells formula-neutral). Money actions name their ledger transaction.
 */
export const AUDIT_REPORT: ReportDefinition = {
  key: 'reportaudit',
  title: 'Audit Trail',
  description:
    'Who changed what: settings, roles, integration tokens, the rewards catalogue, news, award programmes, uploads, the directory’s changes, sign-ins, report exports and every movement of points, with what it was before and after. Tamper-evident: npm run audit:verify proves no row was changed or removed.',
  capability: 'viewAdminReports',
  columns: [
    c('at', 'When', 'datetime'),
    c('actor', 'Who', 'text'),
    c('action', 'Action', 'text'),
    c('target', 'Target', 'text'),
    c('before', 'Before', 'text', false),
    c('after', 'After', 'text', false),
    c('ledgerTransaction', 'Ledger transaction', 'text', false),
    c('traceId', 'Trace id', 'text', false),
  ],
  filters: ['from', 'to', 'search'],
  defaultSort: { column: 'at', direction: 'desc' },
  query: {
    kind: 'sql',
    tiebreak: 'id',
    search: ['actor', 'action', 'target', 'before', 'after', 'traceId'],
    base: (f) => sql`
      select a.id as "id", a.at as "at",
        case a.actor_kind
          when 'member' then coalesce(${fullName('m')} || ' (' || m.employee_number || ')', 'member ' || a.actor_member_id)
          when 'token' then 'Token “' || coalesce(t.name, a.actor_token_id::text) || '”'
            || coalesce(' for ' || ${fullName('m')}, '')
          when 'upload' then coalesce(${fullName('m')}, '') || ' (' || a.actor_label || ')'
          when 'job' then 'Scheduled job: ' || a.actor_label
          when 'setup' then 'Set-up command: ' || a.actor_label
          else 'Not signed in' || coalesce(' (' || a.actor_label || ')', '')
        end as "actor",
        a.action as "action",
        coalesce(a.target_kind || ' ' || a.target_id, '') as "target",
        coalesce(a.before::text, '') as "before",
        coalesce(a.after::text, '') as "after",
        coalesce(a.ledger_transaction_id::text, '') as "ledgerTransaction",
        coalesce(a.trace_id, '') as "traceId"
      from audit_log a
      left join members m on m.id = a.actor_member_id
      left join integration_tokens t on t.id = a.actor_token_id
      where ${inPeriod(sql`a.at`, f)}`,
    totals: {
      actions: sql.raw('count(*)'),
    },
  },
};
