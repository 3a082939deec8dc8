import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  MissedTeamResponse,
  StatementKind,
  StatementQuery,
  StatementResponse,
} from '@ovation/shared/schemas/statements';
import { api } from '../lib/api-client.ts';
import { downloadFile } from '../lib/download.ts';

export const statementKeys = {
  all: ['statements'] as const,
  period: (kind: StatementKind, range: StatementQuery) =>
    ['statements', kind, range.from ?? '', range.to ?? ''] as const,
  /** Under the statements' root: a send marks it stale with them (api/money/stale.ts). */
  missed: () => ['statements', 'missed'] as const,
};

export function statementPath(kind: StatementKind, range: StatementQuery, csv = false): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const query = params.toString();
  return `/api/statements/${kind}${csv ? '/csv' : ''}${query ? `?${query}` : ''}`;
}

/** GET /api/statements/{points|plays|team-budget}?from&to. */
export function getStatement(kind: StatementKind, range: StatementQuery, signal?: AbortSignal) {
  return api.get<StatementResponse>(statementPath(kind, range), { silent: true, signal });
}

/**
 * GET /api/statements/{kind}/csv?from&to, saved as a file through the one API client (the token
 * never goes in a URL). Not silent: a failure shows the spec §8 message box, a 401 signs out.
 */
export function exportStatement(kind: StatementKind, range: StatementQuery): Promise<void> {
  const period = [range.from, range.to].filter(Boolean).join('_to_');
  return downloadFile(statementPath(kind, range, true), `${kind}-statement${period ? `-${period}` : ''}.csv`);
}

export const statementQueryOptions = (kind: StatementKind, range: StatementQuery) =>
  queryOptions({
    queryKey: statementKeys.period(kind, range),
    queryFn: ({ signal }) => getStatement(kind, range, signal),
  });

/** The previous period stays on screen while the next one loads. */
export function useStatement(kind: StatementKind, range: StatementQuery) {
  return useQuery({ ...statementQueryOptions(kind, range), placeholderData: keepPreviousData });
}

export function useExportStatement(kind: StatementKind) {
  return useMutation({ mutationFn: (range: StatementQuery) => exportStatement(kind, range) });
}

/** GET /api/statements/team-budget/missed: the manager's team members no one has recognised lately. */
export function useMissedTeam() {
  return useQuery({
    queryKey: statementKeys.missed(),
    queryFn: ({ signal }) => api.get<MissedTeamResponse>('/api/statements/team-budget/missed', { signal }),
  });
}
