import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardQuerySchema,
  dashboardResponseSchema,
  reportDefinitionResponseSchema,
  reportExportQuerySchema,
  reportFilterOptionsResponseSchema,
  reportKeyParamsSchema,
  reportListResponseSchema,
  reportQueryRequestSchema,
  reportQueryResponseSchema,
} from '@ovation/shared/schemas/reports';
import { requireMember } from '../../plugins/auth.ts';
import { auditContextOf } from '../../plugins/audit-context.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';
import type { CountCache } from './count-cache.ts';
import type { ReportCounts } from './report-engine.repository.ts';
import { EXPORT_CONTENT_TYPES, exportReport } from './export-report.ts';
import { getDashboard } from './get-dashboard.ts';
import { getFilterOptions } from './get-filter-options.ts';
import { describeReport, listReports } from './list-reports.ts';
import { checkFilters, checkSort, queryReport } from './query-report.ts';
import { reportFor } from './report-access.ts';

/** Reports that list members' personal records: each read is audited (issue 43). */
const PERSONAL_REPORTS = new Set(['reportmemberdatabase', 'reportbirthdays']);

/**
 * Reports (issue 12). Every route needs viewReports (rep or report admins, spec §2); each
 * report then checks its own capability (the admin-only three: viewAdminReports).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ counts: CountCache<ReportCounts> }> = async (app, { counts }) => {
  const common = { tags: ['reports'], security: [{ bearer: [] }] };

  app.get(
    '/api/reports',
    {
      config: { capability: 'viewReports' },
      schema: { ...common, summary: 'The reports this member may see', response: { 200: reportListResponseSchema } },
    },
    async (request) => listReports(requireMember(request).capabilities),
  );

  app.get(
    '/api/reports/dashboard',
    {
      config: { capability: 'viewReports' },
      schema: {
        ...common,
        summary: 'The report dashboard’s figures for a period',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema },
      },
    },
    async (request) => getDashboard(app.db, request.query),
  );

  app.get(
    '/api/reports/filter-options',
    {
      config: { capability: 'viewReports' },
      schema: {
        ...common,
        summary: 'Divisions and countries for the filter bar',
        response: { 200: reportFilterOptionsResponseSchema },
      },
    },
    async () => getFilterOptions(app.db),
  );

  app.get(
    '/api/reports/:reportKey',
    {
      config: { capability: 'viewReports' },
      schema: {
        ...common,
        summary: 'A report’s definition: columns, filters, default sort, totals',
        problems: [403],
        params: reportKeyParamsSchema,
        response: { 200: reportDefinitionResponseSchema },
      },
    },
    async (request) => describeReport(reportFor(request.params.reportKey, requireMember(request).capabilities)),
  );

  app.post(
    '/api/reports/:reportKey/query',
    {
      config: { capability: 'viewReports' },
      schema: {
        ...common,
        summary: 'One page of a report',
        params: reportKeyParamsSchema,
        body: reportQueryRequestSchema,
        response: { 200: reportQueryResponseSchema },
      },
    },
    async (request) => {
      const report = reportFor(request.params.reportKey, requireMember(request).capabilities);
      const answer = await queryReport(app.db, report, request.body, counts);
      // An administrator reading members' personal records is recorded (issue 43).
      if (PERSONAL_REPORTS.has(report.key)) {
        await audit(app.db, auditContextOf(request), {
          action: 'reports.read',
          target: { kind: 'report', id: report.key },
          after: { filters: request.body.filters ?? {}, rows: answer.rows.length },
        });
      }
      return answer;
    },
  );

  app.get(
    '/api/reports/:reportKey/export',
    {
      config: { capability: 'viewReports' },
      schema: {
        ...common,
        summary: 'The whole filtered report as a streamed CSV or XLSX file',
        problems: [403],
        params: reportKeyParamsSchema,
        querystring: reportExportQuerySchema,
      },
    },
    async (request, reply) => {
      const report = reportFor(request.params.reportKey, requireMember(request).capabilities);
      const { format, sort: column, direction, ...filters } = request.query;
      // Errors name the query string's parameters (`from`, `sort`), not a body's paths.
      const checked = checkFilters(report, filters, '');
      const sort = checkSort(report, column ? { column, direction: direction ?? 'asc' } : undefined, 'sort');
      const stamp = new Date().toISOString().slice(0, 10);
      await audit(app.db, auditContextOf(request), {
        action: 'reports.export',
        target: { kind: 'report', id: report.key },
        after: { format, filters: checked, sort },
      });
      const stream = exportReport(app.db, report, checked, sort, format, (error) =>
        request.log.error({ err: error, report: report.key }, 'report export failed'),
      );
      return reply
        .type(EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${report.key}-${stamp}.${format}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
