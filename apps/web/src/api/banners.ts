import { useQuery } from '@tanstack/react-query';
import { BANNER_SLIDES } from '@ovation/shared/constants';
import type { bannerSchema } from '@ovation/shared/schemas/feed';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';
import { useDeferredQuery } from '../lib/deferred-query.ts';

export type Banner = z.infer<typeof bannerSchema>;

export const bannerKeys = { all: () => ['banners'] as const };

/** GET /api/site/banners: the carousel shows at most 10 slides (spec §9). */
export async function getBanners(signal?: AbortSignal): Promise<Banner[]> {
  const res = await api.get<{ banners: Banner[] }>('/api/site/banners', { silent: true, signal });
  return (res?.banners ?? []).slice(0, BANNER_SLIDES);
}

export function useBanners() {
  return useDeferredQuery(
    useQuery({ queryKey: bannerKeys.all(), queryFn: ({ signal }) => getBanners(signal), staleTime: 10 * 60_000 }),
  );
}
