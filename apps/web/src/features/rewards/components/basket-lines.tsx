import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPoints } from '@ovation/shared/format/money';
import { BASKET_MAX_QUANTITY, type BasketLine } from '@ovation/shared/schemas/rewards';
import classes from '../rewards.module.css';
import { FULFILMENT_LABELS } from './fulfilment.ts';

interface BasketLinesProps {
  lines: BasketLine[];
  pointsName: string;
  busy: number | null;
  onQuantity: (line: BasketLine, quantity: number) => void;
}

/** The basket's lines: quantity, line total, remove; a changed price or a withdrawn item says so. */
export function BasketLines({ lines, pointsName, busy, onQuantity }: BasketLinesProps) {
  return (
    <Stack gap="sm">
      {lines.map((line) => (
        <Paper key={line.rewardId} withBorder radius="md" p="sm" data-testid="basket-line">
          <Group gap="sm" wrap="nowrap" align="start">
            <img src={line.pictureUrl} alt="" className={classes.linePicture} />
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} component={Link} to={`/redeemrewards/item/${line.rewardId}`} className={classes.cardTitle}>
                {line.name}
              </Text>
              <Text size="sm" c="gray.7">
                {FULFILMENT_LABELS[line.fulfilment]} · {formatPoints(line.pointsCost)} {pointsName} each
              </Text>
              {line.priceChangedFrom !== null && (
                <Alert
                  classNames={{ title: classes.alertTitle }}
                  color="orange"
                  variant="light"
                  p="xs"
                  title="The price changed"
                >
                  <Group gap="sm" justify="space-between">
                    <Text size="sm">
                      Was {formatPoints(line.priceChangedFrom)}, now {formatPoints(line.pointsCost)} {pointsName}.
                    </Text>
                    <Button
                      size="xs"
                      variant="white"
                      onClick={() => onQuantity(line, line.quantity)}
                      loading={busy === line.rewardId}
                    >
                      Accept new price
                    </Button>
                  </Group>
                </Alert>
              )}
              {line.unavailable && (
                <Text size="sm" c="red.8" fw={600}>
                  {line.unavailable}
                </Text>
              )}
            </Stack>
            <Stack gap={6} align="end">
              <Text fw={700}>
                {formatPoints(line.lineTotal)} {pointsName}
              </Text>
              <Group gap={6} wrap="nowrap">
                <NumberInput
                  aria-label={`Quantity of ${line.name}`}
                  value={line.quantity}
                  min={1}
                  max={BASKET_MAX_QUANTITY}
                  allowDecimal={false}
                  w={80}
                  size="xs"
                  disabled={busy === line.rewardId}
                  onBlur={(e) => {
                    const next = Number(e.currentTarget.value);
                    if (Number.isInteger(next) && next >= 1 && next !== line.quantity) onQuantity(line, next);
                  }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${line.name}`}
                  onClick={() => onQuantity(line, 0)}
                  loading={busy === line.rewardId}
                >
                  ✕
                </ActionIcon>
              </Group>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
