import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatementKind, StatementQuery, StatementResponse } from '@ovation/shared/schemas/statements';
import { api } from '../../../lib/api-client.ts';

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

export const statementQueryOptions = (kind: StatementKind, range: StatementQuery) =>
  queryOptions({
    queryKey: ['statements', kind, range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => getStatement(kind, range, signal),
  });

/** The previous period stays on screen while the next one loads. */
export function useStatement(kind: StatementKind, range: StatementQuery) {
  return useQuery({ ...statementQueryOptions(kind, range), placeholderData: keepPreviousData });
}
