import { Badge, Button, Card, Group, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney, formatPoints } from '@ovation/shared/format/money';
import type { CatalogueItem } from '@ovation/shared/schemas/rewards';
import classes from '../rewards.module.css';
import { FULFILMENT_COLOURS, FULFILMENT_LABELS } from './fulfilment.ts';

interface RewardCardProps {
  item: CatalogueItem;
  pointsName: string;
  balance: number;
  adding: boolean;
  onAdd: (item: CatalogueItem) => void;
  /** On the first screen: its picture loads at once (the page's largest paint), not when scrolled to. */
  eager?: boolean;
}

export function StockBadge({ stockLeft }: { stockLeft: number | null }) {
  if (stockLeft === null) return null;
  if (stockLeft === 0) return <Badge color="dark">Sold out</Badge>;
  return stockLeft <= 5 ? <Badge color="red.9">Only {stockLeft} left</Badge> : null;
}

/** One item of the catalogue: picture, name, cost, Rand value, how it is fulfilled, stock. */
export function RewardCard({ item, pointsName, balance, adding, onAdd, eager = false }: RewardCardProps) {
  const href = `/redeemrewards/item/${item.rewardId}`;
  const soldOut = item.stockLeft === 0;
  return (
    <Card withBorder radius="md" padding="sm" className={classes.card} data-testid="reward-card">
      <Card.Section>
        <Link to={href} tabIndex={-1} aria-hidden>
          <Image
            src={item.pictureUrl}
            alt=""
            className={classes.cardPicture}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
          />
        </Link>
      </Card.Section>
      <Stack gap={6} mt="sm" className={classes.cardBody}>
        <Group gap={6}>
          <Badge color={FULFILMENT_COLOURS[item.fulfilment]}>{FULFILMENT_LABELS[item.fulfilment]}</Badge>
          <StockBadge stockLeft={item.stockLeft} />
        </Group>
        <Text fw={600} component={Link} to={href} className={classes.cardTitle}>
          {item.name}
        </Text>
        <Group justify="space-between" align="baseline" gap={4} mt="auto">
          <Text fw={700} c={item.pointsCost > balance ? 'red.9' : undefined}>
            {formatPoints(item.pointsCost)} {pointsName}
            {/* The colour alone would not tell everyone (WCAG 1.4.1). */}
            {item.pointsCost > balance && <VisuallyHidden>, more than your balance</VisuallyHidden>}
          </Text>
          <Text size="sm" c="gray.7">
            {formatMoney(item.randValue / 100)}
          </Text>
        </Group>
        <Button
          fullWidth
          variant="light"
          disabled={soldOut}
          loading={adding}
          onClick={() => onAdd(item)}
          // The name starts with what the button shows (WCAG 2.5.3 label in name).
          aria-label={soldOut ? `Sold out: ${item.name}` : `Add to basket: ${item.name}`}
        >
          {soldOut ? 'Sold out' : 'Add to basket'}
        </Button>
      </Stack>
    </Card>
  );
}
