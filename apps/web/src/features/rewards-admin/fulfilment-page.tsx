import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatDate } from '@ovation/shared/format/date';
import { formatPoints } from '@ovation/shared/format/money';
import { ORDER_STATUSES, type OrderStatus } from '@ovation/shared/schemas/rewards';
import type { QueueOrder } from '@ovation/shared/schemas/rewards-admin';
import { useAdminCancel, useFulfilmentQueue, useMoveOrder } from '../../api/rewards-admin.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { useMessageBox } from '../../lib/message-box.tsx';
import { useSession } from '../../api/session-context.tsx';
import { toast } from '../../lib/toast.ts';

const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  processing: 'Processing',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
  refunded: 'Cancelled and refunded',
};
const FULFILMENT_LABELS = { voucher: 'voucher', delivery: 'delivery', donation: 'donation' } as const;

/**
 * One order. `onActed` runs when a move or a cancel is answered (either way the queue reloads,
 * and the card may leave it or lose the button that had the focus).
 */
function QueueCard({ order, onActed }: { order: QueueOrder; onActed: () => void }) {
  const [note, setNote] = useState('');
  const move = useMoveOrder();
  const cancel = useAdminCancel();
  const messageBox = useMessageBox();
  const { profile } = useSession();
  const pointsName = profile?.pointsName || 'points';
  const vouchers = order.lines.some((line) => line.fulfilment === 'voucher');
  const busy = move.isPending || cancel.isPending;
  const onMove = (status: 'processing' | 'fulfilled') =>
    move.mutate(
      { orderId: order.orderId, body: { status, note } },
      {
        onSuccess: () => toast.success(`Order #${order.orderId} is ${status}`),
        onError: (error) => toast.error(describeError(error).body),
        onSettled: onActed,
      },
    );
  const onCancel = () =>
    messageBox.show({
      title: `Cancel order #${order.orderId}?`,
      // Codes were shown to the member at checkout: they stay spent (decision 0069).
      msg: `${formatPoints(order.totalPoints)} ${pointsName} go back to ${order.memberName}${
        vouchers ? '. Delivered items return to stock; voucher codes already shown stay spent.' : ', and stock returns.'
      }`,
      isShowCancel: true,
      okText: 'Cancel and refund',
      cancelText: 'Keep it',
      callback: (ok) => {
        if (!ok) return;
        cancel.mutate(
          { orderId: order.orderId, note },
          {
            onSuccess: () => toast.success(`Order #${order.orderId} is cancelled and refunded`),
            onError: (error) => toast.error(describeError(error).body),
            onSettled: onActed,
          },
        );
      },
    });
  const waiting = order.status === 'placed' || order.status === 'processing';
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      data-testid="queue-order"
      aria-labelledby={`queue-${order.orderId}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title
              order={2}
              size="h4"
              id={`queue-${order.orderId}`}
              tabIndex={-1}
              data-queue-heading={order.orderId}
              style={{ outlineOffset: 2 }}
            >
              Order #{order.orderId}
            </Title>
            <Badge color="dark" data-testid="queue-status">
              {STATUS_LABELS[order.status]}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7">
            {formatDate(order.placedAt)} · {order.memberName} · {order.memberEmail}
          </Text>
        </Group>
        {order.lines.map((line) => (
          <Text key={line.rewardId} size="sm">
            {line.quantity} × {line.name} ({FULFILMENT_LABELS[line.fulfilment]}) —{' '}
            <span style={{ whiteSpace: 'nowrap' }}>
              {formatPoints(line.lineTotal)} {pointsName}
            </span>
          </Text>
        ))}
        {order.address && (
          <Text size="sm" c="gray.7">
            {order.address.recipient}, {order.address.line1}
            {order.address.line2 ? `, ${order.address.line2}` : ''}, {order.address.city}, {order.address.postalCode} ·{' '}
            {order.address.phone}
          </Text>
        )}
        {order.history.length > 0 && (
          <Text size="xs" c="gray.7">
            {order.history.map((h) => `${STATUS_LABELS[h.status]}${h.note ? ` (${h.note})` : ''}`).join(' → ')}
          </Text>
        )}
        {waiting && (
          <Group align="end" gap="sm" wrap="wrap">
            <TextInput
              label="Note (e.g. courier reference)"
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={500}
              style={{ flex: '1 1 220px' }}
            />
            {order.status === 'placed' && (
              <Button variant="light" onClick={() => onMove('processing')} disabled={busy}>
                Start processing
              </Button>
            )}
            <Button onClick={() => onMove('fulfilled')} disabled={busy}>
              Mark fulfilled
            </Button>
            <Button variant="outline" color="red" onClick={onCancel} disabled={busy}>
              Cancel and refund
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** /rewardsfulfilment — the fulfilment queue (report administrators, decision 0023). */
export default function FulfilmentPage() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [q, setQ] = useState('');
  const queue = useFulfilmentQueue(status, q.trim());
  const list = useRef<HTMLDivElement>(null);
  // After a move or cancel the focus goes, once the queue has reloaded, to the same order's
  // heading, or the next order's (the acted-on one has left), or the empty queue's message.
  const refocusRef = useRef<{ orderId: number; index: number; after: number } | null>(null);
  useEffect(() => {
    const refocus = refocusRef.current;
    if (!refocus || queue.isFetching || queue.dataUpdatedAt <= refocus.after) return;
    const headings = [...(list.current?.querySelectorAll<HTMLElement>('[data-queue-heading]') ?? [])];
    const target =
      headings.find((h) => h.dataset.queueHeading === String(refocus.orderId)) ??
      headings[Math.min(refocus.index, headings.length - 1)] ??
      list.current?.querySelector<HTMLElement>('[data-queue-empty]');
    target?.focus();
    refocusRef.current = null;
  }, [queue.isFetching, queue.dataUpdatedAt]);
  return (
    <>
      <PageTitle title="Rewards Fulfilment" />
      <Stack gap="md" maw={960}>
        <Group gap="sm" align="end" wrap="wrap">
          <Select
            label="Status"
            data={[
              { value: '', label: 'Waiting (placed and processing)' },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
            ]}
            value={status}
            onChange={(v) => setStatus((v ?? '') as OrderStatus | '')}
            allowDeselect={false}
            w={280}
          />
          <TextInput
            label="Search"
            placeholder="Member, e-mail or order number"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            maxLength={100}
            style={{ flex: '1 1 240px' }}
          />
        </Group>
        <Stack gap="md" ref={list}>
          {queue.isPending ? (
            <Center mih="30vh">
              <Loader aria-label="Loading orders" />
            </Center>
          ) : queue.isError ? (
            <Alert color="red" variant="light" title="The orders could not be loaded">
              {describeError(queue.error).body}
            </Alert>
          ) : queue.data.orders.length === 0 ? (
            <Text c="gray.7" tabIndex={-1} data-queue-empty>
              No orders here.
            </Text>
          ) : (
            queue.data.orders.map((order, index) => (
              <QueueCard
                key={order.orderId}
                order={order}
                onActed={() => {
                  refocusRef.current = { orderId: order.orderId, index, after: queue.dataUpdatedAt };
                }}
              />
            ))
          )}
        </Stack>
      </Stack>
    </>
  );
}
