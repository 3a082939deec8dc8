import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import type { Order } from '@ovation/shared/schemas/rewards';
import classes from '../rewards.module.css';

/** What the thank-you says about the order, by what it holds. */
export function placedOrderText(order: Order | undefined): string {
  const confirmation = 'We e-mailed you a confirmation.';
  if (!order?.lines.some((l) => l.fulfilment === 'voucher')) return confirmation;
  return `${confirmation} Voucher codes are below and in the e-mail.`;
}

/**
 * The thank-you after CHECKOUT (the basket sends the new order's id in the navigation state).
 * Shown once: the state is cleared at once, so a reload or coming back later does not show it
 * again. It closes when the member dismisses it, or once the order is no longer just placed.
 */
export function OrderPlacedBanner({ orders }: { orders: readonly Order[] | undefined }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [placedId, setPlacedId] = useState(
    () => (location.state as { placedOrderId?: number } | null)?.placedOrderId ?? null,
  );
  const fromState = (location.state as { placedOrderId?: number } | null)?.placedOrderId;
  useEffect(() => {
    if (fromState !== undefined) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [fromState, navigate, location.pathname, location.search]);

  if (placedId === null) return null;
  const order = orders?.find((o) => o.orderId === placedId);
  if (order && order.status !== 'placed') return null;
  return (
    <Alert
      classNames={{ title: classes.alertTitle }}
      color="teal"
      variant="light"
      title={`Thank you! Order #${placedId} is placed.`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setPlacedId(null)}
    >
      {placedOrderText(order)}
    </Alert>
  );
}
