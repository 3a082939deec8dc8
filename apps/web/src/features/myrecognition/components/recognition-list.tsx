import { useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatDate } from '@ovation/shared/format/date';
import { formatPoints } from '@ovation/shared/format/money';
import { KINDS, kindInfo, type RecognitionItem, type RecognitionKind } from './kinds.ts';

/** Items shown at a time: a long history stays quick to scan on a phone. */
const PAGE_SIZE = 20;

interface RecognitionListProps {
  items: readonly RecognitionItem[];
  direction: 'received' | 'given';
  pointsName: string;
}

/** One tab's items, newest first as the server sends them, filterable by type. */
export function RecognitionList({ items, direction, pointsName }: RecognitionListProps) {
  const [kind, setKind] = useState<'all' | RecognitionKind>('all');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const matching = kind === 'all' ? items : items.filter((i) => i.kind === kind);
  const shown = matching.slice(0, limit);
  const who = direction === 'received' ? 'From' : 'To';

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Show"
        value={kind}
        onChange={(v) => {
          setKind(v as typeof kind);
          setLimit(PAGE_SIZE);
        }}
        data={[{ value: 'all', label: 'All' }, ...KINDS.map((k) => ({ value: k.kind, label: k.label }))]}
        fullWidth
        size="xs"
        style={{ alignSelf: 'flex-start' }}
      />
      {shown.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {direction === 'received' ? 'Nothing received yet.' : 'Nothing given yet.'}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((item) => (
            <Paper component="li" key={`${item.kind}-${item.messageLogId}`} withBorder radius="md" p="md">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="wrap">
                  <Badge color={kindInfo(item.kind).color} variant="light">
                    {item.label}
                  </Badge>
                  <Text size="sm">
                    {who} <strong>{item.otherMemberName}</strong>
                  </Text>
                </Group>
                <Group gap="sm">
                  {item.points > 0 && (
                    <Text size="sm" fw={700} c={direction === 'received' ? 'ovation.8' : undefined}>
                      {direction === 'received' ? '+' : '−'}
                      {formatPoints(item.points)} {pointsName}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    {formatDate(item.createdAt)}
                  </Text>
                </Group>
              </Group>
              <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {item.message}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {matching.length > shown.length && (
        <Button variant="light" onClick={() => setLimit((n) => n + PAGE_SIZE)} style={{ alignSelf: 'center' }}>
          Show more ({matching.length - shown.length} more)
        </Button>
      )}
    </Stack>
  );
}
