import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilters, ReportSort } from '@ovation/shared/schemas/reports';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { ReportDefinition, SqlReportQuery } from './report-definition.ts';

/**
 * The one place that runs a report's base query: search, sort, page, count, totals, and a
 * cursor for exports. Column names come from the definition (never from the request), so
 * `sql.raw` only ever sees identifiers the code declared.
 */

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filtered(query: SqlReportQuery, filters: ReportFilters): SQL {
  const search = filters.search?.trim();
  const where =
    search && query.search?.length
      ? sql`where ${sql.join(
          query.search.map((c) => sql`r.${ident(c)} ilike ${`%${escapeLike(search)}%`}`),
          sql` or `,
        )}`
      : sql``;
  return sql`(select * from (${query.base(filters)}) r ${where})`;
}

function orderBy(query: SqlReportQuery, sort: ReportSort): SQL {
  // Plain asc/desc (nulls last / first): the order a b-tree index gives, so a first page can walk one.
  const dir = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc');
  const tie = sort.column === query.tiebreak ? sql`` : sql`, r.${ident(query.tiebreak)} ${dir}`;
  return sql`order by r.${ident(sort.column)} ${dir}${tie}`;
}

function selectList(definition: ReportDefinition): SQL {
  return sql.join(
    definition.columns.map((c) => sql`r.${ident(c.key)}`),
    sql`, `,
  );
}

export function pageRows(
  db: Db,
  definition: ReportDefinition,
  query: SqlReportQuery,
  filters: ReportFilters,
  sort: ReportSort,
  limit: number,
  offset: number,
) {
  return queryRows<Record<string, unknown>>(
    db,
    sql`select ${selectList(definition)} from ${filtered(query, filters)} r ${orderBy(query, sort)} limit ${limit} offset ${offset}`,
  );
}

export interface ReportCounts {
  total: number;
  totals: Record<string, unknown>;
}

export async function countAndTotals(db: Db, query: SqlReportQuery, filters: ReportFilters): Promise<ReportCounts> {
  const aggregates = Object.entries(query.totals ?? {}).map(([key, expr]) => sql`, ${expr} as ${ident(key)}`);
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select count(*) as "__total"${sql.join(aggregates, sql``)} from ${filtered(query, filters)} r`,
  );
  const { __total, ...totals } = row ?? {};
  return { total: Number(__total ?? 0), totals };
}

/**
 * Streams every filtered row in order through a server-side cursor, `batchSize` at a time,
 * inside one read-only transaction: memory stays flat whatever the row count.
 */
export async function forEachBatch(
  db: Db,
  definition: ReportDefinition,
  query: SqlReportQuery,
  filters: ReportFilters,
  sort: ReportSort,
  batchSize: number,
  onBatch: (rows: Record<string, unknown>[]) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(
      sql`declare report_export no scroll cursor for select ${selectList(definition)} from ${filtered(query, filters)} r ${orderBy(query, sort)}`,
    );
    const fetchBatch = () => {
      const rows = queryRows<Record<string, unknown>>(tx, sql.raw(`fetch forward ${batchSize} from report_export`));
      rows.catch(() => undefined); // awaited below; a batch left behind by a failed write must not go unhandled
      return rows;
    };
    // The next batch is asked for before this one is written, so the database works on it while
    // this process formats and sends (at most two batches are held).
    let next = fetchBatch();
    for (;;) {
      const rows = await next;
      if (rows.length === 0) break;
      const more = rows.length === batchSize;
      if (more) next = fetchBatch();
      await onBatch(rows);
      if (!more) break;
    }
    await tx.execute(sql`close report_export`);
  });
}
