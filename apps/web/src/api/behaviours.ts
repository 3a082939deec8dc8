import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { behaviourSchema } from '@ovation/shared/schemas/recognition';
import { api } from '../lib/api-client.ts';

export type Behaviour = z.infer<typeof behaviourSchema>;

export const behaviourKeys = { all: () => ['behaviours'] as const };

/** GET /api/behaviours: the firm's behaviours a recognition is labelled with. */
export async function getBehaviours(signal?: AbortSignal): Promise<Behaviour[]> {
  const res = await api.get<{ behaviours: Behaviour[] }>('/api/behaviours', { silent: true, signal });
  return res.behaviours;
}

export const behavioursQueryOptions = queryOptions({
  queryKey: behaviourKeys.all(),
  queryFn: ({ signal }) => getBehaviours(signal),
  // The firm's behaviours change rarely.
  staleTime: 10 * 60 * 1000,
});

export function useBehaviours() {
  return useQuery(behavioursQueryOptions);
}
