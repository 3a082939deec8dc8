import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Textarea } from '@mantine/core';
import type { AwardLevel, Nomination } from '@ovation/shared/schemas/awards';
import { useDecide } from '../../../api/awards.ts';
import { describeError } from '../../../lib/api-error.ts';

/**
 * An approver's choices on one nomination: approve (at its level or another — the hold moves),
 * or decline with a reason. Each nomination keeps its own Idempotency-Key.
 */
export function DecisionControls({
  nomination,
  levels,
  onDecided,
}: {
  nomination: Nomination;
  levels: AwardLevel[];
  onDecided: (message: string) => void;
}) {
  const decide = useDecide();
  const [level, setLevel] = useState(nomination.level.key);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const who = nomination.nominee.name;

  const send = (body: { action: 'approve' | 'decline'; levelKey?: string; reason?: string }) => {
    setError('');
    decide.mutate(
      { id: nomination.id, body },
      { onSuccess: (r) => onDecided(r.message), onError: (e) => setError(describeError(e).body) },
    );
  };

  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {declining ? (
        <>
          <Textarea
            label={`Why decline the nomination of ${who}?`}
            description="The nominator reads this."
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          <Group gap="xs">
            <Button
              color="red"
              size="sm"
              loading={decide.isPending}
              disabled={reason.trim().length < 5}
              onClick={() => send({ action: 'decline', reason: reason.trim() })}
            >
              Decline
            </Button>
            <Button variant="subtle" size="sm" onClick={() => setDeclining(false)}>
              Keep it
            </Button>
          </Group>
        </>
      ) : (
        <Group gap="xs" align="flex-end" wrap="wrap">
          {levels.length > 1 && (
            <Select
              label={`Level for ${who}`}
              size="sm"
              w={180}
              allowDeselect={false}
              data={levels.map((l) => ({ value: l.key, label: l.name }))}
              value={level}
              onChange={(v) => v && setLevel(v)}
            />
          )}
          <Button
            size="sm"
            loading={decide.isPending}
            onClick={() => send({ action: 'approve', ...(level !== nomination.level.key ? { levelKey: level } : {}) })}
          >
            {level === nomination.level.key ? 'Approve' : 'Approve at this level'}
          </Button>
          <Button variant="light" color="red" size="sm" onClick={() => setDeclining(true)}>
            Decline…
          </Button>
        </Group>
      )}
    </Stack>
  );
}
