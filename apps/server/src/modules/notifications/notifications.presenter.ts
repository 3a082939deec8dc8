import type { NotificationItem } from '@ovation/shared/schemas/notifications';
import type { NotificationRow } from './notifications.repository.ts';

export function presentNotification(row: NotificationRow): NotificationItem {
  const actorName = row.actorFirstName ? `${row.actorFirstName} ${row.actorSurname ?? ''}`.trim() : null;
  return {
    id: row.id,
    kind: row.kind,
    actorName,
    messageLogId: row.messageLogId,
    points: row.points,
    teamPoints: row.teamPoints,
    reaction: row.reaction,
    orderId: row.orderId,
    orderStatus: row.orderStatus,
    award:
      row.awardNominationId === null
        ? null
        : { nominationId: row.awardNominationId, label: row.awardLabel ?? '', nomineeName: row.awardNominee ?? '' },
    milestone:
      row.serviceMilestoneId === null || !row.milestone
        ? null
        : { milestoneId: row.serviceMilestoneId, years: row.milestone.years, memberName: row.milestone.memberName },
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
