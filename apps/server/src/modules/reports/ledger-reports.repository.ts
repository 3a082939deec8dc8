import { sql } from 'drizzle-orm';
import type { ReportFilters } from '@ovation/shared/schemas/reports';
import type { SqlReportQuery } from './report-definition.ts';
import {
  divisionJoins,
  fullName,
  inPeriod,
  memberScope,
  ownDivision,
  periodBounds,
  topDivision,
} from './report-sql.repository.ts';

/** Member, manager and ledger reports: every figure is a sum of ledger entries. */

const sum = (key: string) => sql.raw(`coalesce(sum(r."${key}"), 0)`);

/**
 * Entries of the member's account of `kind`: credits and debits in the period, the balance at its
 * start (0 without a start: nothing comes before the first entry) and at its end. An entry of a
 * transaction that undoes another (a reversed upload, a refunded order) counts against what it
 * undoes: a reversal lowers the credits, a refund the debits (decision 0084).
 */
function accountFigures(kind: 'points' | 'plays' | 'team_budget', filters: ReportFilters) {
  const { from, to } = periodBounds(filters);
  const period = inPeriod(sql`e.created_at`, filters);
  return sql`left join lateral (
      select
        coalesce(sum(e.amount) filter (where e.amount > 0 and ${period} and not e.undo), 0)
          + coalesce(sum(e.amount) filter (where e.amount < 0 and ${period} and e.undo), 0) as credits,
        coalesce(-sum(e.amount) filter (where e.amount < 0 and ${period} and not e.undo), 0)
          - coalesce(sum(e.amount) filter (where e.amount > 0 and ${period} and e.undo), 0) as debits,
        coalesce(sum(e.amount) filter (where e.created_at < ${from}::timestamptz), 0) as opening,
        coalesce(sum(e.amount) filter (where ${to}::timestamptz is null or e.created_at < ${to}::timestamptz), 0) as closing,
        count(e.id) filter (where ${period}) as movements,
        max(e.created_at) filter (where ${period}) as last_movement
      from (
        select e.id, e.amount, e.created_at,
          e.transaction_id in (select u.id from ledger_transactions u
            where u.kind in ('upload_reversal', 'redemption_refund')) as undo
        from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.member_id = m.id and a.kind = ${kind}
      ) e
    ) ${sql.raw(kind)} on true`;
}

const memberColumns = sql`m.id as "memberId", ${fullName('m')} as "member", m.employee_number as "employeeNumber",
  ${topDivision('m')} as "division1", ${ownDivision('m')} as "division", m.country as "country"`;

export const memberBalancesQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'memberId',
  search: ['member', 'employeeNumber'],
  base: (f) => sql`select ${memberColumns},
      points.credits::bigint as "pointsEarned", points.debits::bigint as "pointsSpent", points.closing::bigint as "pointsBalance",
      plays.credits::bigint as "playsEarned", plays.debits::bigint as "playsUsed", plays.closing::bigint as "playsBalance"
    from members m ${divisionJoins('m')}
    ${accountFigures('points', f)}
    ${accountFigures('plays', f)}
    where ${memberScope('m', f)}`,
  totals: {
    pointsEarned: sum('pointsEarned'),
    pointsSpent: sum('pointsSpent'),
    pointsBalance: sum('pointsBalance'),
    playsEarned: sum('playsEarned'),
    playsUsed: sum('playsUsed'),
    playsBalance: sum('playsBalance'),
  },
};

/** Managers: members flagged as managers or holding a team budget account. */
const isManager = sql`(m.is_manager or exists (select 1 from ledger_accounts x where x.member_id = m.id and x.kind = 'team_budget'))`;

export const managerBalancesQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'memberId',
  search: ['member', 'employeeNumber'],
  base: (f) => sql`select ${memberColumns},
      team_budget.opening::bigint as "opening", team_budget.credits::bigint as "allocated",
      team_budget.debits::bigint as "spent", team_budget.closing::bigint as "closing",
      team_budget.movements::int as "movements", team_budget.last_movement as "lastMovement"
    from members m ${divisionJoins('m')}
    ${accountFigures('team_budget', f)}
    where ${isManager} and ${memberScope('m', f)}`,
  totals: {
    opening: sum('opening'),
    allocated: sum('allocated'),
    spent: sum('spent'),
    closing: sum('closing'),
    movements: sum('movements'),
  },
};

export const managementQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'memberId',
  search: ['member', 'employeeNumber'],
  base: (f) => sql`select ${memberColumns},
      (select count(*) from members t where t.manager_id = m.id and t.active)::int as "teamSize",
      team_budget.credits::bigint as "allocated", team_budget.debits::bigint as "spent",
      team_budget.closing::bigint as "remaining",
      coalesce(sent.recognitions, 0)::int as "recognitionsSent",
      coalesce(sent.reached, 0)::int as "membersReached",
      case when (select count(*) from members t where t.manager_id = m.id and t.active) = 0 then null
        else round(100.0 * coalesce(sent.reached, 0) / (select count(*) from members t where t.manager_id = m.id and t.active), 1)
      end::float8 as "reachedShare"
    from members m ${divisionJoins('m')}
    ${accountFigures('team_budget', f)}
    left join lateral (
      select count(*) as recognitions,
        count(distinct k.to_member_id) filter (where tm.manager_id = m.id) as reached
      from kudos k join members tm on tm.id = k.to_member_id
      where k.from_member_id = m.id and k.kind = 'recognition' and ${inPeriod(sql`k.created_at`, f)}
    ) sent on true
    where ${isManager} and ${memberScope('m', f)}`,
  totals: {
    teamSize: sum('teamSize'),
    allocated: sum('allocated'),
    spent: sum('spent'),
    remaining: sum('remaining'),
    recognitionsSent: sum('recognitionsSent'),
    membersReached: sum('membersReached'),
  },
};

/** Every ledger entry with its transaction: kind, memo, actor, account owner, amount, counterparty. */
export const transactionsQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'entryId',
  search: ['kind', 'memo', 'accountHolder', 'actor', 'counterparty', 'reference'],
  base: (f) => {
    const scoped = f.division1 || f.division2 || f.division3 || f.country;
    return sql`select e.id as "entryId", 'T' || lpad(t.id::text, 7, '0') as "reference", t.created_at as "createdAt",
        t.kind as "kind", t.memo as "memo", ${fullName('act')} as "actor",
        coalesce(${fullName('m')}, 'System') as "accountHolder", a.kind as "account",
        e.amount::bigint as "amount", ${fullName('cp')} as "counterparty"
      from ledger_entries e
      -- Left joins on non-null foreign keys: the same rows, and a count without a period needs no join.
      left join ledger_transactions t on t.id = e.transaction_id
      left join ledger_accounts a on a.id = e.account_id
      left join members m on m.id = a.member_id
      left join members act on act.id = t.actor_member_id
      left join members cp on cp.id = e.counterparty_member_id
      where ${inPeriod(sql`t.created_at`, f)}
        ${scoped ? sql`and m.id is not null and ${memberScope('m', f)}` : sql``}`;
  },
  totals: { amount: sum('amount') },
};
