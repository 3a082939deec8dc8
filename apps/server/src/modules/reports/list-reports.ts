import type { Capabilities } from '@ovation/shared/capabilities';
import type { ReportDefinitionResponse, ReportSummary } from '@ovation/shared/schemas/reports';
import type { ReportDefinition } from './report-definition.ts';
import { REPORTS, reportRoute, TOTAL_LABELS } from './reports.registry.ts';

/** The reports this member may see (spec §2 menu rules; decision 0024 for the admin-only three). */
export function listReports(capabilities: Capabilities): ReportSummary[] {
  return REPORTS.filter((r) => capabilities[r.capability]).map((r) => ({
    reportKey: r.key,
    title: r.title,
    route: reportRoute(r.key),
  }));
}

/** What the one report screen needs to draw a report: columns, filters, default sort, totals. */
export function describeReport(report: ReportDefinition): ReportDefinitionResponse {
  const totalKeys = report.query.kind === 'sql' ? Object.keys(report.query.totals ?? {}) : [];
  return {
    reportKey: report.key,
    title: report.title,
    route: reportRoute(report.key),
    description: report.description,
    columns: report.columns.map(({ key, title, type, sortable }) => ({ key, title, type, sortable })),
    filters: report.filters,
    defaultSort: report.defaultSort,
    totals: totalKeys.map((key) => {
      const col = report.columns.find((c) => c.key === key);
      const label = col ?? TOTAL_LABELS[key] ?? { title: key, type: 'integer' as const };
      return { key, title: label.title, type: label.type };
    }),
    ...(report.chart ? { chart: report.chart } : {}),
    ...(report.pending ? { pending: report.pending } : {}),
  };
}
