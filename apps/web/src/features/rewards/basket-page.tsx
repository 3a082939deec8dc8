import { useState } from 'react';
import { Alert, Anchor, Button, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { formatPoints } from '@ovation/shared/format/money';
import { checkoutRequestSchema, type BasketLine } from '@ovation/shared/schemas/rewards';
import { useBasket, useCheckout, useSetBasketLine } from '../../api/rewards.ts';
import { FormAlert } from '../../components/form-feedback.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { isSettledRefusal } from '../../lib/idempotency.ts';
import { useMessageBox } from '../../lib/message-box.tsx';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { useSession } from '../../api/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { AddressFields } from './components/address-fields.tsx';
import { BasketLines } from './components/basket-lines.tsx';
import classes from './rewards.module.css';

/** The address's own lines show their messages (the schema's keys are only `address` and the total). */
const FIELDS = [
  'address',
  'address.recipient',
  'address.line1',
  'address.line2',
  'address.city',
  'address.postalCode',
  'address.phone',
] as const;

/** /redeemrewards/basket — My Basket, kept on the server; CHECKOUT pays with one transaction. */
export default function BasketPage() {
  const { profile } = useSession();
  const pointsName = profile?.pointsName || 'points';
  const basket = useBasket();
  const setLine = useSetBasketLine();
  const checkout = useCheckout();
  const navigate = useNavigate();
  const messageBox = useMessageBox();
  const [busy, setBusy] = useState<number | null>(null);
  // The order is confirmed in a message box first, so the submit keeps handleSubmit and server.run;
  // React Hook Form focuses the first field in error.
  const { form, server, errors, isSubmitting } = useSchemaForm(checkoutRequestSchema, {
    fields: FIELDS,
    title: 'Your order was not placed',
    focusFirstError: false,
  });
  const [prefilled, setPrefilled] = useState(false);
  /** The last CHECKOUT got no answer, or a server error: the order may have been placed. */
  const [unconfirmed, setUnconfirmed] = useState(false);

  const data = basket.data;
  // Lines CHECKOUT would refuse: sold out or withdrawn, or at a price the member has not seen.
  const blocked = !data
    ? null
    : data.lines.some((l) => l.unavailable)
      ? 'Some items cannot be ordered as they stand'
      : data.lines.some((l) => l.priceChangedFrom !== null)
        ? 'A price changed since you added it'
        : null;
  if (data && !prefilled) {
    setPrefilled(true);
    if (data.savedAddress) form.reset({ address: data.savedAddress });
  }

  /** Resolves to why the server refused the quantity, or null once the basket has it. */
  const changeQuantity = async (line: BasketLine, quantity: number): Promise<string | null> => {
    setBusy(line.rewardId);
    try {
      await setLine.mutateAsync({ rewardId: line.rewardId, quantity });
      return null;
    } catch (error) {
      return describeError(error).body;
    } finally {
      setBusy(null);
    }
  };

  /** One look before the points go: the total, and that voucher codes cannot be taken back (0069). */
  const confirmOrder = () =>
    new Promise<boolean>((resolve) => {
      const vouchers = data!.lines.some((line) => line.fulfilment === 'voucher');
      messageBox.show({
        title: 'Place this order?',
        msg:
          `${formatPoints(data!.totalPoints)} ${pointsName} will be taken from your balance.` +
          (vouchers ? ' Voucher codes are issued at once, so an order with a voucher cannot be cancelled.' : ''),
        isShowCancel: true,
        okText: 'Place order',
        cancelText: 'Back to basket',
        callback: resolve,
      });
    });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!(await confirmOrder())) return;
    setUnconfirmed(false);
    await server.run(async () => {
      try {
        // The total confirmed above: a basket changed elsewhere meanwhile is refused, not charged.
        const expected = { expectedTotalPoints: data!.totalPoints };
        const answer = await checkout.mutateAsync(data?.needsAddress ? { ...values, ...expected } : expected);
        // My Orders thanks the member (once): a toast saying the same would be a duplicate.
        void navigate('/orders', { state: { placedOrderId: answer.orderId } });
      } catch (error) {
        // No answer: the basket stays as confirmed, so CHECKOUT again sends the same order with
        // the same Idempotency-Key and is charged at most once.
        if (!isSettledRefusal(error)) return setUnconfirmed(true);
        // A refusal may mean the basket changed under us (price, stock): show today's.
        void basket.refetch();
        throw error;
      }
    });
  });

  return (
    <>
      <PageTitle title="My Basket" />
      {basket.isPending ? (
        <Center mih="30vh">
          <Loader aria-label="Loading your basket" />
        </Center>
      ) : basket.isError ? (
        <Alert
          classNames={{ title: classes.alertTitle }}
          color="red"
          variant="light"
          title="Your basket could not be loaded"
          maw={640}
        >
          {describeError(basket.error).body}
        </Alert>
      ) : data!.lines.length === 0 ? (
        <Alert
          classNames={{ title: classes.alertTitle }}
          color="gray"
          variant="light"
          title="Your basket is empty"
          maw={640}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              You have {formatPoints(data!.balance)} {pointsName} to spend.
            </Text>
            <Button component={Link} to="/redeemrewards" size="xs">
              Browse rewards
            </Button>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Checkout">
          <Stack gap="lg" maw={880}>
            <BasketLines
              lines={data!.lines}
              pointsName={pointsName}
              busy={busy}
              onQuantity={changeQuantity}
              onRefused={(message) => toast.error(message)}
            />
            <Paper withBorder radius="md" p="md">
              <Stack gap={6}>
                <Group justify="space-between">
                  <Text>Total</Text>
                  <Text fw={700} data-testid="basket-total">
                    {formatPoints(data!.totalPoints)} {pointsName}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text>Your balance</Text>
                  <Text>
                    {formatPoints(data!.balance)} {pointsName}
                  </Text>
                </Group>
                <Divider />
                <Group justify="space-between">
                  <Text fw={600}>Balance after checkout</Text>
                  <Text fw={700} c={data!.balanceAfter < 0 ? 'red.8' : undefined} data-testid="basket-balance-after">
                    {formatPoints(data!.balanceAfter)} {pointsName}
                  </Text>
                </Group>
              </Stack>
            </Paper>
            {data!.balanceAfter < 0 && (
              <Alert
                classNames={{ title: classes.alertTitle }}
                color="orange"
                variant="light"
                title={`Not enough ${pointsName}`}
              >
                Remove something, or lower a quantity, to check out.
              </Alert>
            )}
            {data!.needsAddress && (
              <Paper withBorder radius="md" p="md">
                <AddressFields register={form.register} errors={errors} />
              </Paper>
            )}
            {blocked && (
              <Alert classNames={{ title: classes.alertTitle }} color="orange" variant="light" title={blocked}>
                Remove those lines, lower their quantity or accept the new price to check out.
              </Alert>
            )}
            <FormAlert error={server.formError} />
            {unconfirmed && (
              <Alert
                classNames={{ title: classes.alertTitle }}
                color="orange"
                variant="light"
                title="We could not confirm your order"
              >
                Look in{' '}
                <Anchor component={Link} to="/orders">
                  My Orders
                </Anchor>{' '}
                before trying again. CHECKOUT again sends the same order: it is charged at most once.
              </Alert>
            )}
            <Group justify="space-between">
              <Button component={Link} to="/redeemrewards" variant="default">
                Keep browsing
              </Button>
              <Button
                type="submit"
                size="md"
                loading={isSubmitting}
                // A quantity being saved first: checkout pays for the basket the member sees.
                disabled={data!.balanceAfter < 0 || busy !== null || blocked !== null}
              >
                CHECKOUT
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </>
  );
}
