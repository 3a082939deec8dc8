import { sql } from 'drizzle-orm';
import { column as c, MEMBER_COLUMNS, PERIOD_MEMBER_FILTERS, type ReportDefinition } from './report-definition.ts';
import { divisionJoins, fullName, inPeriod, memberScope, ownDivision, topDivision } from './report-sql.repository.ts';

/**
 * The most of a year's qualifying long-service awards, in rand, that is not taxed: Seventh
 * Schedule to the Income Tax Act 58 of 1962, paragraph 5(2)(b) read with 5(4) (an asset), and
 * proviso (vii) to paragraph (c) of "gross income" in section 1 (cash, from 1 March 2022); one
 * cap for both (decision 0108).
 */
export const LONG_SERVICE_EXEMPT_RAND = 5000;

/**
 * SQL: the award is for long service as paragraph 5(4) reads it — an initial unbroken period of
 * at least 15 years, or each unbroken period of at least 10 years after it (15, 25, 35 … years),
 * with no break in service recorded.
 */
const qualifies = sql.raw(`(sm.unbroken and sm.years >= 15 and (sm.years - 15) % 10 = 0)`);

/** SQL: the South African year of assessment (1 March to the end of February) a day falls in, by the year it ends. */
const taxYear = (day: string) =>
  `(extract(year from ${day})::int + case when extract(month from ${day}) >= 3 then 1 else 0 end)`;

/**
 * Long-service awards for payroll (issue 41, decision 0108): every service milestone posted, by
 * the day it was given (its post day) in the period, its value in rand (points × the rate when it was announced, or the gift's value),
 * whether it is cash-like (points) or non-cash (a gift), and the exempt and taxable parts. The
 * exempt part is the least of the award's value and what is left of the R5,000 for the member's
 * year of assessment after their earlier qualifying awards. The payroll code column is left for
 * the firm to map: no code is given here that an official source did not confirm.
 */
export const LONG_SERVICE_REPORT: ReportDefinition = {
  key: 'reportlongservice',
  title: 'Long-service Awards (Payroll)',
  description:
    'Service milestones posted, valued in rand for payroll, with the part exempt from tax (Seventh Schedule, par. 5(2)(b) and 5(4); R5,000 a year of assessment for 15 years unbroken and each 10 after) and the taxable part. Map the payroll code in your payroll system.',
  capability: 'viewReports',
  columns: [
    c('postedOn', 'Date', 'date'),
    ...MEMBER_COLUMNS,
    c('years', 'Years of service', 'integer'),
    c('award', 'Award', 'text'),
    c('form', 'Form', 'text'),
    c('points', 'Points', 'points'),
    c('valueRand', 'Value (R)', 'money'),
    c('qualifies', 'Long service (par. 5(4))', 'text'),
    c('exemptRand', 'Exempt (R)', 'money'),
    c('taxableRand', 'Taxable (R)', 'money'),
    c('taxYear', 'Year of assessment', 'integer'),
    c('payrollCode', 'Payroll code (map)', 'text', false),
  ],
  filters: PERIOD_MEMBER_FILTERS,
  defaultSort: { column: 'postedOn', direction: 'desc' },
  query: {
    kind: 'sql',
    tiebreak: 'id',
    search: ['member', 'employeeNumber', 'award'],
    base: (f) => sql`
      with awards as (
        select sm.*, ${sql.raw(taxYear('sm.post_on'))} as tax_year, ${qualifies} as qualifies,
          coalesce(sum(sm.value_rand) filter (where ${qualifies}) over (
            partition by sm.member_id, ${sql.raw(taxYear('sm.post_on'))} order by sm.post_on, sm.id
            rows between unbounded preceding and 1 preceding), 0) as exempted_before
        from service_milestones sm where sm.posted_at is not null
      )
      select a.id as "id", a.post_on::text as "postedOn",
        ${fullName('m')} as "member", m.employee_number as "employeeNumber",
        ${topDivision('m')} as "division1", ${ownDivision('m')} as "division", m.country as "country",
        a.years as "years",
        a.years || case when a.years = 1 then ' year' else ' years' end || ' of service'
          || case when a.form = 'gift' and a.gift_name <> '' then ': ' || a.gift_name else '' end as "award",
        case when a.form = 'points' then 'Cash-like (points)' else 'Non-cash (gift)' end as "form",
        a.points as "points", a.value_rand::float8 as "valueRand",
        case when a.qualifies then 'Yes' else 'No' end as "qualifies",
        (case when a.qualifies then greatest(0, least(a.value_rand, ${LONG_SERVICE_EXEMPT_RAND} - a.exempted_before))
              else 0 end)::float8 as "exemptRand",
        (a.value_rand - case when a.qualifies
            then greatest(0, least(a.value_rand, ${LONG_SERVICE_EXEMPT_RAND} - a.exempted_before)) else 0 end)::float8
          as "taxableRand",
        a.tax_year as "taxYear", ''::text as "payrollCode"
      from awards a join members m on m.id = a.member_id ${divisionJoins('m')}
      where ${inPeriod(sql`(a.post_on::timestamp at time zone 'UTC')`, f)} and ${memberScope('m', f)}`,
    totals: {
      longServiceAwards: sql.raw('count(*)'),
      valueRand: sql.raw('coalesce(sum(r."valueRand"), 0)'),
      exemptRand: sql.raw('coalesce(sum(r."exemptRand"), 0)'),
      taxableRand: sql.raw('coalesce(sum(r."taxableRand"), 0)'),
    },
  },
};
