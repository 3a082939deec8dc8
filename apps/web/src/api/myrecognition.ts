import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRecognitionResponse } from '@ovation/shared/schemas/statements';
import { api } from '../lib/api-client.ts';

export const myRecognitionKeys = { all: () => ['myrecognition'] as const };

/** GET /api/myrecognition: what I received and what I gave, with totals by type. */
export function getMyRecognition(signal?: AbortSignal): Promise<MyRecognitionResponse> {
  return api.get<MyRecognitionResponse>('/api/myrecognition', { silent: true, signal });
}

export const myRecognitionQueryOptions = queryOptions({
  queryKey: myRecognitionKeys.all(),
  queryFn: ({ signal }) => getMyRecognition(signal),
});

export function useMyRecognition() {
  return useQuery(myRecognitionQueryOptions);
}
