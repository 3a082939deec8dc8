import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Nomination } from '@ovation/shared/schemas/awards';
import { formatPoints } from '@ovation/shared/format/money';

const STATUS: Record<Nomination['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'yellow' },
  approved: { label: 'Approved', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
};

const ACTIONS: Record<string, string> = {
  submitted: 'nominated',
  approved: 'approved',
  level_changed: 'changed the level',
  declined: 'declined',
  withdrawn: 'withdrew it',
  paid: 'paid',
  reminded: 'approver reminded',
  escalated: 'escalated',
  reassigned: 'moved on: an approver left',
};

const when = (iso: string) => new Date(iso).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short' });

/** One nomination: who, for what and why, where it stands, and each step so far. */
export function NominationCard({
  nomination: n,
  pointsName,
  children,
  headingLevel = 3,
}: {
  nomination: Nomination;
  pointsName: string;
  children?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const status = STATUS[n.status];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`${n.nominee.name}, ${n.programme.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text component={Heading} fw={700} size="md" m={0}>
            {n.nominee.name}
            {n.nominee.division && (
              <Text span c="dimmed" fw={400} size="sm">
                {' '}
                · {n.nominee.division}
              </Text>
            )}
          </Text>
          <Group gap="xs">
            {n.reciprocal && (
              <Badge color="orange" variant="light" title="The nominee nominated the nominator lately">
                Reciprocal
              </Badge>
            )}
            <Badge color={status.color} variant="light">
              {status.label}
              {n.status === 'pending' && n.steps > 1 ? ` · step ${n.step} of ${n.steps}` : ''}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">
          {n.programme.name} · <strong>{n.level.name}</strong> · {formatPoints(n.level.points)} {pointsName}
          {n.behaviour ? ` · ${n.behaviour}` : ''} — nominated by {n.nominator.name}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          “{n.reason}”
        </Text>
        <Text size="xs" c="dimmed">
          {n.history
            .map(
              (h) =>
                `${when(h.at)} ${h.by ? `${h.by} ` : ''}${ACTIONS[h.action] ?? h.action}` +
                (h.action === 'level_changed' ? ` from ${h.fromLevel} to ${h.toLevel}` : '') +
                (h.reason ? `: “${h.reason}”` : ''),
            )
            .join(' · ')}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
