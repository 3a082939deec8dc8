import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@ovation/shared/format/date';
import type { NewsItem } from '@ovation/shared/schemas/admin-news';
import classes from './admin.module.css';

type Status = 'showing' | 'scheduled' | 'ended';
function statusOf(item: { current: boolean; showFrom: string | null }, now = Date.now()): Status {
  if (item.current) return 'showing';
  return item.showFrom && Date.parse(item.showFrom) > now ? 'scheduled' : 'ended';
}
const STATUS_BADGE: Record<Status, { label: string; color: string }> = {
  showing: { label: 'Showing', color: 'teal.9' },
  scheduled: { label: 'Scheduled', color: 'indigo.9' },
  ended: { label: 'Ended', color: 'gray.7' },
};

function schedule(item: NewsItem): string {
  const from = item.showFrom ? `from ${formatDateTime(item.showFrom)}` : '';
  const until = item.showUntil ? `until ${formatDateTime(item.showUntil)}` : '';
  return [from, until].filter(Boolean).join(' ') || 'Always';
}

export type MoveBy = -1 | 1;

/**
 * One news item of the list, with its move, Edit and Delete buttons. While a move is on its way
 * the move buttons only look disabled (aria-disabled): a disabled button would drop the focus.
 */
export function NewsItemRow({
  item,
  first,
  last,
  moving,
  onMove,
  moveButtonRef,
  onEdit,
  onDelete,
}: {
  item: NewsItem;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (by: MoveBy) => void;
  /** Where the page keeps the move buttons, to give the focus back after a move. */
  moveButtonRef: (by: MoveBy) => (button: HTMLButtonElement | null) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const status = STATUS_BADGE[statusOf(item)];
  const move = (by: MoveBy, label: string, arrow: string, edge: boolean) => (
    <ActionIcon
      ref={moveButtonRef(by)}
      variant="default"
      aria-label={`Move “${item.text}” ${label}`}
      disabled={edge}
      data-disabled={(moving && !edge) || undefined}
      aria-disabled={(moving && !edge) || undefined}
      onClick={() => !moving && onMove(by)}
    >
      {arrow}
    </ActionIcon>
  );
  return (
    <li className={classes.itemRow} data-testid="news-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text className={classes.itemText}>
            <Text span fw={700} mr={6}>
              {item.position}.
            </Text>
            {item.text}
          </Text>
          <Group gap="xs">
            <Badge color={status.color} variant="filled">
              {status.label}
            </Badge>
            <Text size="sm" c="dimmed">
              {schedule(item)}
            </Text>
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {move(-1, 'up', '↑', first)}
          {move(1, 'down', '↓', last)}
        </Group>
      </Group>
      <Group gap="xs" mt={6}>
        <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit “${item.text}”`}>
          Edit
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete “${item.text}”`}>
          Delete
        </Button>
      </Group>
    </li>
  );
}
