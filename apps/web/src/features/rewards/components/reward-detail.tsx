import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney, formatPoints } from '@ovation/shared/format/money';
import { BASKET_MAX_QUANTITY, type BasketResponse } from '@ovation/shared/schemas/rewards';
import { useReward } from '../../../api/rewards.ts';
import { describeError } from '../../../lib/api-error.ts';
import { useAddToBasket } from '../use-add-to-basket.ts';
import { BalanceBar } from './balance-bar.tsx';
import { FULFILMENT_COLOURS, FULFILMENT_LABELS, FULFILMENT_TEXT } from './fulfilment.ts';
import { StockBadge } from './reward-card.tsx';
import classes from '../rewards.module.css';

/** Said, with Add disabled, once the basket holds all the member may still order of an item. */
export const LIMIT_REACHED = 'You have reached the limit for this reward.';

interface RewardDetailProps {
  rewardId: number | null;
  pointsName: string;
  balance: number;
  basket: BasketResponse | undefined;
}

/** /redeemrewards/item/:rewardId — one item with its description, limits and "balance after this". */
export function RewardDetail({ rewardId, pointsName, balance, basket }: RewardDetailProps) {
  const item = useReward(rewardId);
  const [draft, setDraft] = useState<string | number>(1);
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const { add, adding } = useAddToBasket();
  const inBasket = basket?.totalPoints ?? 0;

  if (item.isPending && rewardId !== null) {
    return (
      <Center mih="30vh">
        <Loader aria-label="Loading the reward" />
      </Center>
    );
  }
  if (!item.data) {
    return (
      <Alert
        classNames={{ title: classes.alertTitle }}
        color="gray"
        variant="light"
        title="This reward is no longer available"
        maw={640}
      >
        <Stack gap="xs" align="flex-start">
          {item.error ? describeError(item.error).body : null}
          <Anchor component={Link} to="/redeemrewards">
            Back to all rewards
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const reward = item.data;
  // Units in earlier orders count against the member's limit (the item's answer says how many).
  const max = Math.min(
    BASKET_MAX_QUANTITY,
    reward.stockLeft ?? BASKET_MAX_QUANTITY,
    reward.memberLimit === null ? BASKET_MAX_QUANTITY : Math.max(reward.memberLimit - reward.memberOrdered, 0),
  );
  const soldOut = reward.stockLeft === 0;
  const held = basket?.lines.find((l) => l.rewardId === reward.rewardId)?.quantity ?? 0;
  // What is left to add.
  const room = max - held;
  const limitReached = !soldOut && room < 1;
  /** What is typed, if it can be added: a whole number from 1 to what is left (decision 0073). */
  const valid = typeof draft === 'number' && Number.isInteger(draft) && draft >= 1 && draft <= room ? draft : null;
  /** Adds what is typed, or says why not. */
  const addTyped = () => {
    const refusal =
      room < 1
        ? LIMIT_REACHED
        : valid === null
          ? held > 0
            ? `Choose a whole number from 1 to ${room}: your basket already holds ${held} of the ${max} you can order.`
            : `Choose a whole number from 1 to ${room}.`
          : null;
    setQuantityError(refusal);
    // Once added, the box starts again at 1: kept at 2, "after your basket and this" would count
    // the units just added twice over (the basket holds them now).
    if (valid !== null) void add(reward, valid).then((added) => added && setDraft(1));
  };
  return (
    <Stack gap="md">
      <BalanceBar
        pointsName={pointsName}
        balance={balance}
        // Only a quantity that can be added counts: an invalid one would show a made-up balance.
        spending={inBasket + reward.pointsCost * (valid ?? 0)}
        basketCount={basket?.lines.length ?? 0}
        afterLabel={valid === null ? 'After your basket' : 'After your basket and this'}
      />
      <Anchor component={Link} to={`/redeemrewards/${reward.category}`} size="sm">
        ‹ {reward.categoryName}
      </Anchor>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <div>
          <Image src={reward.pictureUrl} alt={reward.name} radius="md" />
        </div>
        <div>
          <Stack gap="sm">
            <Title order={2}>{reward.name}</Title>
            <Group gap={6}>
              <Badge color={FULFILMENT_COLOURS[reward.fulfilment]}>{FULFILMENT_LABELS[reward.fulfilment]}</Badge>
              <StockBadge stockLeft={reward.stockLeft} />
            </Group>
            <Text>{reward.description}</Text>
            <Group gap="lg" align="baseline">
              <Text fw={700} size="xl" data-testid="reward-points">
                {formatPoints(reward.pointsCost)} {pointsName}
              </Text>
              <Text c="gray.7">Value {formatMoney(reward.randValue / 100)}</Text>
            </Group>
            <Text size="sm">{FULFILMENT_TEXT[reward.fulfilment]}</Text>
            {reward.stockLeft !== null && reward.stockLeft > 0 && (
              <Text size="sm" c="gray.7">
                {reward.stockLeft} left in stock.
              </Text>
            )}
            {reward.memberLimit !== null && (
              <Text size="sm" c="gray.7">
                At most {reward.memberLimit} per member
                {reward.memberOrdered > 0 ? ` (you have ordered ${reward.memberOrdered})` : ''}.
              </Text>
            )}
            <Group align="end" gap="sm">
              <NumberInput
                label="Quantity"
                min={1}
                max={Math.max(max, 1)}
                clampBehavior="none"
                value={draft}
                onChange={(v) => {
                  setDraft(v);
                  setQuantityError(null);
                }}
                // The box turns red; the words go under the row, where they have room.
                error={quantityError !== null}
                aria-describedby={quantityError ? 'quantity-error' : undefined}
                w={110}
                disabled={soldOut || limitReached}
              />
              <Button loading={adding === reward.rewardId} disabled={soldOut || limitReached} onClick={addTyped}>
                {soldOut ? 'Sold out' : 'Add to basket'}
              </Button>
            </Group>
            {limitReached && (
              <Text size="sm" c="gray.7" mt={-6}>
                {LIMIT_REACHED}
              </Text>
            )}
            {quantityError && !limitReached && (
              <Text id="quantity-error" size="sm" c="var(--mantine-color-error)" mt={-6}>
                {quantityError}
              </Text>
            )}
          </Stack>
        </div>
      </SimpleGrid>
    </Stack>
  );
}
