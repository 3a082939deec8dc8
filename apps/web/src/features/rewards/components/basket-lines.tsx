import { useState } from 'react';
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
  /** Sets a line's quantity (0 removes it); resolves to why the server refused, or null. */
  onQuantity: (line: BasketLine, quantity: number) => Promise<string | null>;
  /** Reports a refusal that has no field of its own (remove, accept the new price). */
  onRefused: (message: string) => void;
}

const QUANTITY_RANGE = `Choose from 1 to ${BASKET_MAX_QUANTITY}`;

/**
 * The quantity box: what the member types is sent when they leave the box or press Enter. A
 * quantity out of range, or one the server refuses (the per-member limit, the stock), puts the
 * box back to the basket's quantity and says why under it, so what it shows is what is ordered.
 */
function QuantityField({
  line,
  busy,
  onQuantity,
}: {
  line: BasketLine;
  busy: boolean;
  onQuantity: BasketLinesProps['onQuantity'];
}) {
  const [draft, setDraft] = useState<string | number>(line.quantity);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    // The basket changed (this box's save, or another tab's): show the new quantity.
    setShown(line.quantity);
    setDraft(line.quantity);
  }

  const commit = async () => {
    const next = typeof draft === 'number' ? draft : Number(draft);
    if (next === line.quantity && draft !== '') return setError(null);
    if (draft === '' || !Number.isInteger(next) || next < 1 || next > BASKET_MAX_QUANTITY) {
      setDraft(line.quantity);
      return setError(QUANTITY_RANGE);
    }
    const refused = await onQuantity(line, next);
    if (refused) setDraft(line.quantity);
    setError(refused);
  };

  return (
    <NumberInput
      aria-label={`Quantity of ${line.name}`}
      value={draft}
      onChange={setDraft}
      min={1}
      max={BASKET_MAX_QUANTITY}
      clampBehavior="none"
      w={80}
      size="xs"
      disabled={busy}
      error={error}
      errorProps={{ w: 240, ta: 'right', ml: -160, fz: 'sm' }}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault(); // not the checkout form's submit
          void commit();
        }
      }}
    />
  );
}

/** The basket's lines: quantity, line total, remove; a changed price or a withdrawn item says so. */
export function BasketLines({ lines, pointsName, busy, onQuantity, onRefused }: BasketLinesProps) {
  const change = async (line: BasketLine, quantity: number) => {
    const refused = await onQuantity(line, quantity);
    if (refused) onRefused(refused);
  };

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
                      onClick={() => void change(line, line.quantity)}
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
              <Group gap={6} wrap="nowrap" align="start">
                <QuantityField line={line} busy={busy === line.rewardId} onQuantity={onQuantity} />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${line.name}`}
                  onClick={() => void change(line, 0)}
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
