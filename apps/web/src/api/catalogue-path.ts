import type { CatalogueQuery } from '@ovation/shared/schemas/rewards';

/**
 * The catalogue read's address for a query (GET /api/rewards/catalogue). Its own module, with no
 * schema behind it, so the start-up preload (app/route-preload.ts) can ask for the page's first
 * read without bringing the rewards code into the entry chunk.
 */
export function cataloguePath(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.q) params.set('q', query.q);
  if (query.sort && query.sort !== 'points') params.set('sort', query.sort);
  if (query.affordable) params.set('affordable', 'true');
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return `/api/rewards/catalogue${text ? `?${text}` : ''}`;
}

export const BASKET_PATH = '/api/rewards/basket';
