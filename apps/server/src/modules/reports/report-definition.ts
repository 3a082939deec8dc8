import type { SQL } from 'drizzle-orm';
import type { Capability } from '@ovation/shared/capabilities';
import type {
  ReportColumnType,
  ReportFilterKey,
  ReportFilters,
  ReportKey,
  ReportSort,
} from '@ovation/shared/schemas/reports';
import type { Db } from '../../db/db.ts';

export interface ReportColumnDef {
  /** The column's name in the base query and in the answer's `fields`. */
  key: string;
  title: string;
  type: ReportColumnType;
  sortable: boolean;
}

/** A report answered by one SQL query the engine pages, sorts, searches, counts and streams. */
export interface SqlReportQuery {
  kind: 'sql';
  /** The filtered rows, one per report row, with a column per ReportColumnDef.key (period, division, country applied). */
  base(filters: ReportFilters): SQL;
  /** Text columns the free-text search looks in. */
  search?: string[];
  /** Aggregates over the whole filtered result, by column key, as SQL over the row alias `r`. */
  totals?: Record<string, SQL>;
  /** A unique column of the base query that makes every order total (hidden unless also a column). */
  tiebreak: string;
}

/** A report computed in full (small answers), e.g. where privacy rules need the whole picture. */
export interface ComputedReportQuery {
  kind: 'computed';
  run(db: Db, filters: ReportFilters): Promise<{ rows: Record<string, unknown>[]; note?: string }>;
}

export interface ReportDefinition {
  key: ReportKey;
  title: string;
  description: string;
  /** Who may see it (spec §2 menu rules, decision 0024); checked on every report route. */
  capability: Capability;
  columns: ReportColumnDef[];
  filters: ReportFilterKey[];
  defaultSort: ReportSort;
  query: SqlReportQuery | ComputedReportQuery;
  /** A line chart the screen draws over the whole result (small results only). */
  chart?: { title: string; x: string; group: string; y: string };
  /** Set while the report waits for another feature's tables (answers empty with its columns). */
  pending?: string;
}

export const column = (key: string, title: string, type: ReportColumnType, sortable = true): ReportColumnDef => ({
  key,
  title,
  type,
  sortable,
});

/** The columns that name a member and where they sit, first in most member reports. */
export const MEMBER_COLUMNS: ReportColumnDef[] = [
  column('member', 'Member', 'text'),
  column('employeeNumber', 'Employee no.', 'text'),
  column('division1', 'Division', 'text'),
  column('division', 'Team', 'text'),
  column('country', 'Country', 'text'),
];

/** Every filter a member- or period-scoped report usually offers. */
export const PERIOD_MEMBER_FILTERS: ReportFilterKey[] = [
  'from',
  'to',
  'division1',
  'division2',
  'division3',
  'country',
  'search',
];
export const MEMBER_FILTERS: ReportFilterKey[] = ['division1', 'division2', 'division3', 'country', 'search'];
