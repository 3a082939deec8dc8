import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsInput, NewsListResponse, NewsUpdate } from '@ovation/shared/schemas/admin-news';
import { api } from '../lib/api-client.ts';

export const adminNewsKeys = { all: () => ['admin', 'news'] as const };
/** The Home ticker's query (GET /api/newsbulletin/data): an edit marks it stale for the editor at once. */
const TICKER_KEY = ['newsBulletin'] as const;

/** GET /api/admin/news: every item, scheduled and expired too, in ticker order. */
export function getAdminNews(signal?: AbortSignal) {
  return api.get<NewsListResponse>('/api/admin/news', { silent: true, signal });
}
export const createNews = (input: NewsInput) => api.post<{ newsId: number }>('/api/admin/news', input);
export const updateNews = (newsId: number, input: NewsUpdate) =>
  api.put<{ newsId: number }>(`/api/admin/news/${newsId}`, input);
export const deleteNews = (newsId: number) => api.delete<null>(`/api/admin/news/${newsId}`);
/** The new order and the one it was made from (refused with 409 when someone changed that meanwhile). */
export const reorderNews = (newsIds: number[], expectedNewsIds: number[]) =>
  api.put<NewsListResponse>('/api/admin/news/order', { newsIds, expectedNewsIds }, { silent: true });

export function useAdminNews() {
  return useQuery({ queryKey: adminNewsKeys.all(), queryFn: ({ signal }) => getAdminNews(signal) });
}

function useNewsMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: TICKER_KEY });
      await client.invalidateQueries({ queryKey: adminNewsKeys.all() });
    },
  });
}

export const useCreateNews = () => useNewsMutation((input: NewsInput) => createNews(input));
export const useUpdateNews = () =>
  useNewsMutation(({ newsId, input }: { newsId: number; input: NewsUpdate }) => updateNews(newsId, input));
export const useDeleteNews = () => useNewsMutation((newsId: number) => deleteNews(newsId));
export const useReorderNews = () =>
  useNewsMutation(({ newsIds, expected }: { newsIds: number[]; expected: number[] }) => reorderNews(newsIds, expected));
