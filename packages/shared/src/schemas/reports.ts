import { z } from 'zod';
import { REPORT_MAX_PAGE_SIZE } from '../constants.ts';
import { isoDateText } from '../iso-date.ts';
import { databaseId } from './ids.ts';

/** Reports (issue 12): one registry on the server, one screen on the web. */
const id = databaseId('Choose a division from the list');

export const REPORT_KEYS = [
  'reportmanagement',
  'reportmemberbalances',
  'reportmanagerbalances',
  'reportpayitforward',
  'reportredeemed',
  'reportsimplysay',
  'reportregistrations',
  'reportmemberdatabase',
  'reportbirthdays',
  'reportdailycheckin',
  'reportdailycheckinanalysis',
  'reportgameplays',
  'reporttransactions',
  'reportawards',
  'reportlongservice',
  'reportprovisioning',
  'reportaudit',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/** The filters a report may declare; a report refuses (400) any it did not declare. */
export const REPORT_FILTER_KEYS = ['from', 'to', 'division1', 'division2', 'division3', 'country', 'search'] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];

export const reportFiltersSchema = z
  .object({
    from: isoDateText.optional(),
    to: isoDateText.optional(),
    division1: id.optional(),
    division2: id.optional(),
    division3: id.optional(),
    country: z.string().trim().min(1).max(60).optional(),
    search: z.string().trim().max(100).optional(),
  })
  .strict();
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

export const reportSortSchema = z.object({
  column: z.string().min(1).max(60),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type ReportSort = z.infer<typeof reportSortSchema>;

export const reportQueryRequestSchema = z.object({
  filters: reportFiltersSchema.default({}),
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(REPORT_MAX_PAGE_SIZE).default(25),
  sort: reportSortSchema.optional(),
});
export type ReportQueryRequest = z.input<typeof reportQueryRequestSchema>;

/** The spec's data-table shape plus the total row count and, where they make sense, totals. */
export const reportQueryResponseSchema = z.object({
  fields: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
  total: z.number().int(),
  totals: z.record(z.string(), z.union([z.number(), z.string(), z.null()])).optional(),
  /** Set when the answer is shaped for privacy (k-anonymity) or is waiting for another feature. */
  note: z.string().optional(),
});
export type ReportQueryResponse = z.infer<typeof reportQueryResponseSchema>;

export const REPORT_COLUMN_TYPES = [
  'text',
  'date',
  'datetime',
  'integer',
  'points',
  'money',
  'percent',
  'mood',
] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

export const reportColumnSchema = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
  sortable: z.boolean(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportSummarySchema = z.object({ reportKey: z.string(), title: z.string(), route: z.string() });
export type ReportSummary = z.infer<typeof reportSummarySchema>;
export const reportListResponseSchema = z.array(reportSummarySchema);

export const reportDefinitionResponseSchema = reportSummarySchema.extend({
  description: z.string(),
  columns: z.array(reportColumnSchema),
  filters: z.array(z.enum(REPORT_FILTER_KEYS)),
  defaultSort: reportSortSchema,
  totals: z.array(z.object({ key: z.string(), title: z.string(), type: z.enum(REPORT_COLUMN_TYPES) })),
  /** A line chart of the whole result: one line per `group`, `y` over `x`. */
  chart: z.object({ title: z.string(), x: z.string(), group: z.string(), y: z.string() }).optional(),
  /** Set while the report waits for another feature (it answers no rows until then). */
  pending: z.string().optional(),
});
export type ReportDefinitionResponse = z.infer<typeof reportDefinitionResponseSchema>;

export const reportKeyParamsSchema = z.object({ reportKey: z.string().min(1).max(60) });

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const reportExportQuerySchema = z
  .object({
    format: z.enum(REPORT_EXPORT_FORMATS).default('csv'),
    sort: z.string().min(1).max(60).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
    from: isoDateText.optional(),
    to: isoDateText.optional(),
    division1: id.optional(),
    division2: id.optional(),
    division3: id.optional(),
    country: z.string().trim().min(1).max(60).optional(),
    search: z.string().trim().max(100).optional(),
  })
  .strict();
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

/** Division and country choices for the filter bar. */
export const reportFilterOptionsResponseSchema = z.object({
  divisions: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      level: z.number().int(),
      parentId: z.number().int().nullable(),
    }),
  ),
  countries: z.array(z.string()),
});
export type ReportFilterOptions = z.infer<typeof reportFilterOptionsResponseSchema>;

/** k-anonymity: groups with fewer members than this are shown as "fewer than 5", never as figures. */
export const K_ANONYMITY_MIN = 5;
export const FEWER_THAN_K = 'fewer than 5';

export const dashboardQuerySchema = z.object({ from: isoDateText.optional(), to: isoDateText.optional() });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const count = z.number();
export const dashboardResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  recognitionsByWeek: z.array(z.object({ week: z.string(), recognition: count, high5: count, payitforward: count })),
  byBehaviour: z.array(z.object({ behaviour: z.string(), count })),
  byDivision: z.array(
    z.object({ divisionId: z.number().nullable(), division: z.string(), given: count, received: count }),
  ),
  participation: z.object({ members: count, gave: count, received: count, gaveShare: count, receivedShare: count }),
  points: z.object({ issued: count, given: count, redeemed: count, won: count }),
  /** Award nominations made in the period (issue 41): how many, where they stand, the points. */
  awards: z.object({
    nominations: count,
    pending: count,
    approved: count,
    closed: count,
    pointsCommitted: count,
    pointsPaid: count,
    averageHoursToDecide: count.nullable(),
  }),
  moodTrend: z.array(
    z.object({
      week: z.string(),
      suppressed: z.boolean(),
      members: count.nullable(),
      average: count.nullable(),
      happy: count.nullable(),
      neutral: count.nullable(),
      unhappy: count.nullable(),
    }),
  ),
  equity: z.object({
    giniMembers: count,
    giniDivisions: count,
    members: count,
    divisions: count,
    deserts: z.array(
      z.object({ divisionId: z.number(), division: z.string(), members: count, lastRecognised: z.string().nullable() }),
    ),
    /** Per top-level division of at least K_ANONYMITY_MIN members: how many got nothing in 30 days. */
    missedByDivision: z.array(
      z.object({ divisionId: z.number(), division: z.string(), members: count, missed: count }),
    ),
    reciprocalPairs: z.array(
      z.object({
        memberA: z.string(),
        memberB: z.string(),
        aToB: count,
        bToA: count,
        share: count,
      }),
    ),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
