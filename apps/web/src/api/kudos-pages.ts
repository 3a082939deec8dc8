import type { InfiniteData } from '@tanstack/react-query';
import type { KudosItem } from '@ovation/shared/schemas/feed';

/** The Kudos Thread as cached: pages of items (read by the thread's query and by reactions). */
export interface KudosPage {
  items: KudosItem[];
  hasMore: boolean;
}
export interface KudosPageParam {
  page: number;
  /** messageLogId of page 1's first item: later pages count from it (stable paging). */
  anchor?: number;
}
export type KudosData = InfiniteData<KudosPage, KudosPageParam>;
