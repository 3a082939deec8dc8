import type { Capabilities } from '@ovation/shared/capabilities';
import { forbidden, notFound } from '../../lib/app-errors.ts';
import type { ReportDefinition } from './report-definition.ts';
import { findReport } from './reports.registry.ts';

/** The report behind a key, if this member may see it: unknown → 404, not allowed → 403. */
export function reportFor(key: string, capabilities: Capabilities): ReportDefinition {
  const report = findReport(key);
  if (!report) throw notFound('There is no such report.');
  if (!capabilities[report.capability]) throw forbidden('You do not have access to this report.');
  return report;
}
