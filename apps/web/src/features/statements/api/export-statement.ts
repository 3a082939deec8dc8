import { useMutation } from '@tanstack/react-query';
import type { StatementKind, StatementQuery } from '@ovation/shared/schemas/statements';
import { downloadFile } from '../../../lib/download.ts';
import { statementPath } from './get-statement.ts';

/** GET /api/statements/{kind}/csv?from&to, saved as a file (the token never goes in a URL). */
export function exportStatement(kind: StatementKind, range: StatementQuery): Promise<void> {
  const period = [range.from, range.to].filter(Boolean).join('_to_');
  return downloadFile(statementPath(kind, range, true), `${kind}-statement${period ? `-${period}` : ''}.csv`);
}

export function useExportStatement(kind: StatementKind) {
  return useMutation({ mutationFn: (range: StatementQuery) => exportStatement(kind, range) });
}
