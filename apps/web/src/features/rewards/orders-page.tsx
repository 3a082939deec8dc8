import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@ovation/shared/format/date';
import { formatMoney, formatPoints } from '@ovation/shared/format/money';
import { VOUCHER_ORDER_NOT_CANCELLABLE } from '@ovation/shared/rewards-rules';
import type { Order, OrderStatus } from '@ovation/shared/schemas/rewards';
import { useCancelOrder, useOrders } from '../../api/orders.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { useMessageBox } from '../../lib/message-box.tsx';
import { returnFocus } from '../../lib/return-focus.ts';
import { MAIN_CONTENT_ID } from '../../components/skip-link.tsx';
import { useSession } from '../../api/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { FULFILMENT_LABELS } from './components/fulfilment.ts';
import { OrderPlacedBanner } from './components/order-placed-banner.tsx';
import classes from './rewards.module.css';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  processing: 'Processing',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
  refunded: 'Cancelled and refunded',
};
const STATUS_COLOURS: Record<OrderStatus, string> = {
  placed: 'blue.9',
  processing: 'violet.9',
  fulfilled: 'teal.9',
  cancelled: 'gray.7',
  refunded: 'gray.7',
};

function OrderCard({
  order,
  pointsName,
  onCancel,
  cancelling,
}: {
  order: Order;
  pointsName: string;
  onCancel: (o: Order) => void;
  cancelling: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="order" aria-labelledby={`order-${order.orderId}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h4" id={`order-${order.orderId}`}>
              Order #{order.orderId}
            </Title>
            <Badge color={STATUS_COLOURS[order.status]} data-testid="order-status">
              {STATUS_LABELS[order.status]}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7">
            Placed {formatDate(order.placedAt)}
          </Text>
        </Group>
        {order.lines.map((line) => (
          <Group key={line.rewardId} justify="space-between" align="start" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Text fw={600}>
                {line.quantity} × {line.name}
              </Text>
              <Text size="sm" c="gray.7">
                {FULFILMENT_LABELS[line.fulfilment]} · value{' '}
                <span className={classes.amount}>{formatMoney((line.randValue * line.quantity) / 100)}</span>
              </Text>
              {line.codes.map((code) => (
                <Text key={code} size="sm">
                  Voucher code:{' '}
                  <span className={classes.code} data-testid="voucher-code">
                    {code}
                  </span>
                </Text>
              ))}
            </Stack>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatPoints(line.lineTotal)} {pointsName}
            </Text>
          </Group>
        ))}
        {order.address && (
          <Text size="sm" c="gray.7">
            Deliver to {order.address.recipient}, {order.address.line1}
            {order.address.line2 ? `, ${order.address.line2}` : ''}, {order.address.city}, {order.address.postalCode}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>
            Total {formatPoints(order.totalPoints)} {pointsName}
          </Text>
          {order.canCancel && (
            <Button variant="outline" color="red" size="xs" loading={cancelling} onClick={() => onCancel(order)}>
              Cancel order
            </Button>
          )}
        </Group>
        {order.status === 'placed' && !order.canCancel && order.lines.some((l) => l.fulfilment === 'voucher') && (
          <Text size="sm" c="gray.7" data-testid="order-not-cancellable">
            {VOUCHER_ORDER_NOT_CANCELLABLE}
          </Text>
        )}
        <Timeline
          active={order.history.length - 1}
          bulletSize={14}
          lineWidth={2}
          aria-label={`History of order #${order.orderId}`}
        >
          {order.history.map((event, i) => (
            <Timeline.Item key={i} title={STATUS_LABELS[event.status]}>
              <Text size="xs" c="gray.7">
                {formatDateTime(event.at)} · {event.by}
                {event.note ? ` · ${event.note}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}

/** /orders — My Orders: every order with its lines, status, history and voucher codes. */
export default function OrdersPage() {
  const { profile } = useSession();
  const pointsName = profile?.pointsName || 'points';
  const orders = useOrders();
  const cancel = useCancelOrder();
  const messageBox = useMessageBox();

  const onCancel = (order: Order) => {
    messageBox.show({
      title: `Cancel order #${order.orderId}?`,
      msg: `${formatPoints(order.totalPoints)} ${pointsName} will go back to your balance.`,
      isShowCancel: true,
      okText: 'Cancel order',
      cancelText: 'Keep it',
      callback: (ok) => {
        if (!ok) return;
        cancel.mutate(order.orderId, {
          onSuccess: () => {
            toast.success(
              `Order #${order.orderId} is cancelled; ${formatPoints(order.totalPoints)} ${pointsName} are back.`,
            );
            // Its Cancel order button, which had the focus back, goes with the change.
            returnFocus(null, () => document.getElementById(MAIN_CONTENT_ID));
          },
          onError: (error) => toast.error(describeError(error).body),
        });
      },
    });
  };

  return (
    <>
      <PageTitle title="My Orders" />
      <Stack gap="md" maw={880}>
        <Group justify="space-between">
          <Text>
            Your balance:{' '}
            <Text span fw={700} data-testid="orders-balance">
              {formatPoints(profile?.awardsPointsAvailable ?? 0)} {pointsName}
            </Text>
          </Text>
          <Button component={Link} to="/redeemrewards" variant="light">
            Redeem Rewards
          </Button>
        </Group>
        <OrderPlacedBanner orders={orders.data?.pages.flatMap((page) => page.orders)} />
        {orders.isPending ? (
          <Center mih="30vh">
            <Loader aria-label="Loading your orders" />
          </Center>
        ) : !orders.data ? (
          <Alert
            classNames={{ title: classes.alertTitle }}
            color="red"
            variant="light"
            title="Your orders could not be loaded"
          >
            {describeError(orders.error).body}
          </Alert>
        ) : orders.data.pages[0]!.orders.length === 0 ? (
          <Alert classNames={{ title: classes.alertTitle }} color="gray" variant="light" title="No orders yet">
            Rewards you redeem will show here.
          </Alert>
        ) : (
          <>
            {orders.data.pages.flatMap((page) =>
              page.orders.map((order) => (
                <OrderCard
                  key={order.orderId}
                  order={order}
                  pointsName={pointsName}
                  onCancel={onCancel}
                  cancelling={cancel.isPending && cancel.variables === order.orderId}
                />
              )),
            )}
            {orders.isFetchNextPageError && (
              <Alert color="red" variant="light" role="alert">
                Older orders could not be loaded. {describeError(orders.error).body}
              </Alert>
            )}
            {orders.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void orders.fetchNextPage()}
                loading={orders.isFetchingNextPage}
                style={{ alignSelf: 'center' }}
              >
                Show older orders
              </Button>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
