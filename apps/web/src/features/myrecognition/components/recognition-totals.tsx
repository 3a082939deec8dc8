import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatPoints } from '@ovation/shared/format/money';
import { KINDS, type RecognitionKind } from './kinds.ts';

interface RecognitionTotalsProps {
  counts: Record<RecognitionKind, number>;
  points: number;
  pointsName: string;
  pointsLabel: string;
}

/** Counts by type and the points that moved, as four small figures. */
export function RecognitionTotals({ counts, points, pointsName, pointsLabel }: RecognitionTotalsProps) {
  const figures = [
    ...KINDS.map((k) => ({ label: k.label, value: String(counts[k.kind] ?? 0) })),
    { label: pointsLabel, value: `${formatPoints(points)} ${pointsName}` },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
      {figures.map((f) => (
        <Paper key={f.label} withBorder radius="md" p="sm">
          <Text component="dt" size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text component="dd" fw={700} size="xl" m={0}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
