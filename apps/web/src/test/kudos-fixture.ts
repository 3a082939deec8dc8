import type { KudosItem } from '@ovation/shared/schemas/feed';

/** A Kudos item for tests; `over` replaces any field. */
export const kudosItem = (over: Partial<KudosItem> = {}): KudosItem => ({
  messageLogId: 7,
  toMemberId: 2,
  memberName: 'Sipho Dlamini',
  fromMemberName: 'Thandi Nkosi',
  f3: 'Teamwork',
  message: 'Thank you!',
  likeCount: 3,
  cheerCount: 0,
  supportCount: 1,
  userLiked: false,
  userCheered: false,
  userSupported: true,
  reactedUserLiked: '[{"FullName":"A"},{"FullName":"B"},{"FullName":"C"}]',
  reactedUserCheered: '[]',
  reactedUserSupported: '[{"FullName":"Me"}]',
  mins: 5,
  ...over,
});
