import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@ovation/shared/format/date';
import { formatPoints } from '@ovation/shared/format/money';
import type { NotificationItem } from '@ovation/shared/schemas/notifications';
import { reactionVerb } from '@ovation/shared/vocabulary';
import { useLiveBalances } from '../../api/live-balances.ts';
import { useMarkNotificationsRead, useNotifications, useNotificationsLive } from '../../api/notifications.ts';
import { useSession } from '../../api/session-context.tsx';
import { LoadFailed } from '../load-failed.tsx';
import classes from './notification-bell.module.css';

const ORDER_STATUS: Record<string, string> = {
  processing: 'is being processed',
  fulfilled: 'has been fulfilled',
  refunded: 'was cancelled and refunded',
};

/** One line per notification, in the programme's words. */
export function describeNotification(item: NotificationItem, pointsName: string): string {
  const who = item.actorName ?? 'Someone';
  const points = item.points > 0 ? ` (${formatPoints(item.points)} ${pointsName})` : '';
  switch (item.kind) {
    case 'recognised':
      return `${who} recognised you${points}`;
    case 'high5':
      return `${who} sent you a High Five`;
    case 'points':
      return `${who} paid forward ${formatPoints(item.points)} ${pointsName} to you`;
    case 'reaction':
      return `${who} ${reactionVerb(item.reaction)} your kudos`;
    case 'upload': {
      // A manager's credit may be their own points, their team budget, or both (decision 0097).
      const own = item.points - item.teamPoints;
      const by = `${pointsName} were credited`;
      if (item.teamPoints <= 0) return `${formatPoints(item.points)} ${by} to you by a points upload`;
      if (own <= 0) return `${formatPoints(item.teamPoints)} ${by} to your team budget by a points upload`;
      return `${formatPoints(item.points)} ${by} by a points upload: ${formatPoints(own)} to you, ${formatPoints(item.teamPoints)} to your team budget`;
    }
    case 'order':
      return `Your rewards order #${item.orderId ?? ''} ${ORDER_STATUS[item.orderStatus ?? ''] ?? 'changed'}`;
    case 'award_to_approve':
      return `${who} nominated ${item.award?.nomineeName ?? 'a colleague'} for ${item.award?.label ?? 'an award'}: it waits for your approval`;
    case 'award_approved':
      return `Your nomination of ${item.award?.nomineeName ?? 'a colleague'} for ${item.award?.label ?? 'an award'} was approved`;
    case 'award_declined':
      return `Your nomination of ${item.award?.nomineeName ?? 'a colleague'} for ${item.award?.label ?? 'an award'} was declined`;
    case 'award_received':
      return `You received ${item.award?.label ?? 'an award'}${points}`;
    case 'milestone_upcoming':
      return `${item.milestone?.memberName ?? who} reaches ${item.milestone?.years ?? ''} years of service soon: write your message and invite the team to sign the card`;
    case 'milestone_received':
      return `Congratulations on ${item.milestone?.years ?? ''} years with us${points}: see your card`;
  }
}

function BellIcon() {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * What a screen reader hears as the count changes: new arrivals (not the first load), and the
 * list marked read.
 */
function useAnnouncement(unread: number | undefined) {
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(unread);
  useEffect(() => {
    const before = previous.current;
    previous.current = unread;
    if (before !== undefined && unread !== undefined && unread > before) {
      setAnnouncement(`${unread - before === 1 ? 'New notification' : 'New notifications'}. ${unread} unread.`);
    }
  }, [unread]);
  return [announcement, setAnnouncement] as const;
}

/** The header bell: unread count, the newest notifications, mark read; live over the event stream. */
export function NotificationBell() {
  const { isLoggedIn, profile } = useSession();
  const query = useNotifications(isLoggedIn);
  useNotificationsLive(isLoggedIn);
  // A credit's notice also changes the balances and plays every page shows (the header, Home, forms).
  useLiveBalances(isLoggedIn);
  const mark = useMarkNotificationsRead();
  const navigate = useNavigate();
  const unread = query.data?.unread ?? 0;
  const items = query.data?.items ?? [];
  const pointsName = profile?.pointsName || 'points';
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const [opened, setOpened] = useState(false);
  const [announcement, announce] = useAnnouncement(query.data?.unread);
  const heading = useRef<HTMLParagraphElement>(null);
  const bellButton = useRef<HTMLButtonElement>(null);
  // Held in the panel only while it has something to reach: an empty list (all read, nothing to
  // mark) would hold Tab on the heading, with Escape the only way out.
  const trapping = items.length > 0 || unread > 0 || (query.isError && !query.data);
  // Not trapping, Tab closes the panel and moves on from the bell (the browser's own Tab goes on
  // from there), as the header menus do: left open, the panel would cover what Tab reaches next.
  // The focus is on the bell (nothing in the panel took it) or, after a click, in the panel.
  const onTabOut = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || trapping || !opened) return;
    setOpened(false);
    if (event.currentTarget !== bellButton.current) bellButton.current?.focus({ preventScroll: true });
  };

  const open = (item: NotificationItem) => {
    if (!item.read) mark.mutate({ ids: [item.id] });
    // The list closes with the choice (focus back on the bell), not left over the new page.
    setOpened(false);
    void navigate(
      item.milestone
        ? `/awards/milestones/${item.milestone.milestoneId}`
        : item.kind === 'order'
          ? '/orders'
          : '/myrecognition',
    );
  };

  const markAll = () => {
    // Every unread one up to the newest this member has seen, also those older than the list
    // shows; one that arrives meanwhile stays unread.
    const newest = items.reduce((max, item) => Math.max(max, item.id), 0);
    mark.mutate(newest > 0 ? { all: true, upToId: newest } : { all: true }, {
      onSuccess: () => {
        announce('All notifications marked read.');
        // The button is now disabled: the focus stays in the list, on its heading.
        heading.current?.focus();
      },
    });
  };

  return (
    // The target is the button itself, so its aria-expanded / aria-controls sit on a button.
    <Indicator
      // The button's name says the count; the badge is for the eye.
      label={<span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>}
      size={18}
      color="red"
      offset={6}
      disabled={unread === 0}
      className={classes.bell}
    >
      <Popover
        width={340}
        position="bottom-end"
        shadow="md"
        withArrow
        trapFocus={trapping}
        returnFocus
        opened={opened}
        onChange={setOpened}
      >
        <Popover.Target>
          <ActionIcon
            ref={bellButton}
            onKeyDown={onTabOut}
            variant="subtle"
            color="white"
            size="lg"
            radius="md"
            aria-label={label}
            onClick={() => setOpened((o) => !o)}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} onKeyDown={onTabOut}>
          <Group justify="space-between" px="md" py="sm" className={classes.head}>
            <Text fw={700} ref={heading} tabIndex={-1} className={classes.heading}>
              Notifications
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={unread === 0}
              loading={mark.isPending}
              onClick={markAll}
            >
              Mark all read
            </Button>
          </Group>
          {query.isPending ? (
            <Text c="dimmed" size="sm" px="md" py="lg">
              Loading…
            </Text>
          ) : query.isError && !query.data ? (
            <Stack px="md" py="md">
              <LoadFailed
                title="Your notifications could not be loaded"
                error={query.error}
                onRetry={() => void query.refetch()}
                // Try again goes with the failure it answered: the focus stays in the list.
                focusTarget={() => heading.current}
              />
            </Stack>
          ) : items.length === 0 ? (
            <Text c="dimmed" size="sm" px="md" py="lg">
              Nothing new yet. Recognition, High Fives, points, reactions to your kudos and order changes show here.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={360}>
              <Stack gap={0} component="ul" className={classes.list}>
                {items.map((item) => (
                  <li key={item.id}>
                    <UnstyledButton
                      className={classes.item}
                      data-unread={!item.read || undefined}
                      onClick={() => open(item)}
                    >
                      <Text size="sm" fw={item.read ? 400 : 700}>
                        {describeNotification(item, pointsName)}
                        {!item.read && <span className={classes.srOnly}> (unread)</span>}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(item.createdAt)}
                      </Text>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
      <div role="status" className={classes.srOnly}>
        {announcement}
      </div>
    </Indicator>
  );
}
