import { Button, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPoints } from '@ovation/shared/format/money';
import classes from '../rewards.module.css';

interface BalanceBarProps {
  pointsName: string;
  balance: number;
  /** Points in the basket (plus what is being considered, on an item page). */
  spending: number;
  basketCount: number;
  afterLabel?: string;
}

/**
 * The balance and the balance after the basket, at the top of the rewards pages (in view while
 * they scroll, from a tablet up).
 */
export function BalanceBar({
  pointsName,
  balance,
  spending,
  basketCount,
  afterLabel = 'After your basket',
}: BalanceBarProps) {
  const after = balance - spending;
  return (
    <Paper withBorder radius="md" px="md" py="sm" className={classes.balanceBar} aria-label="Your balance">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="lg" wrap="wrap">
          <div>
            <Text size="xs" c="gray.7">
              Your balance
            </Text>
            <Text fw={700} data-testid="rewards-balance">
              {formatPoints(balance)} {pointsName}
            </Text>
          </div>
          <div>
            <Text size="xs" c="gray.7">
              {afterLabel}
            </Text>
            <Text fw={700} c={after < 0 ? 'red.8' : undefined} data-testid="rewards-balance-after">
              {formatPoints(after)} {pointsName}
            </Text>
          </div>
        </Group>
        <Button component={Link} to="/redeemrewards/basket" variant="light">
          My Basket ({basketCount})
        </Button>
      </Group>
    </Paper>
  );
}
