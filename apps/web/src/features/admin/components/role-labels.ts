import type { RoleName } from '@ovation/shared/capabilities';

/** What each role gives (spec §6), for the roles report. */
export const ROLE_LABELS: Record<RoleName, string> = {
  rep: 'reports',
  'upl-mem': 'upload members',
  'upl-pts': 'upload points',
  news: 'news bulletin admin',
  anniv: 'menu divider position',
  'upl-mem-nfy': 'told of members uploads',
  'upl-pts-nfy': 'told of points uploads',
  awards: 'award programmes',
};
