import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDelegation, useSetDelegation } from '../../../api/awards.ts';
import { MemberPicker } from '../../../components/member-picker/member-picker.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';

/** Away? Name a colleague who decides your award approvals until a day. */
export function DelegationForm() {
  const current = useDelegation().data;
  const save = useSetDelegation();
  const [delegateId, setDelegateId] = useState<number | null>(null);
  const [until, setUntil] = useState('');
  const problem = save.error ? readServerErrors(save.error, ['delegateId', 'until'] as const) : null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="delegate-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="delegate-heading">
          While you are away
        </Title>
        {current?.delegate ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {current.delegate.name} decides your award approvals until {current.until}.
            </Text>
            <Button
              variant="light"
              size="xs"
              loading={save.isPending}
              onClick={() => save.mutate({ delegateId: null })}
            >
              End it
            </Button>
          </Group>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate({ delegateId, until });
            }}
            aria-label="Delegate your approvals"
          >
            <Stack gap="sm">
              {problem?.text && (
                <Alert color="red" variant="light" role="alert">
                  {problem.text}
                </Alert>
              )}
              <MemberPicker
                label="Colleague who decides for you"
                value={delegateId}
                onChange={(id) => setDelegateId(id)}
                error={problem?.fields.delegateId}
              />
              <TextInput
                type="date"
                label="Until"
                required
                value={until}
                onChange={(e) => setUntil(e.currentTarget.value)}
                error={problem?.fields.until}
              />
              <Group justify="flex-end">
                <Button type="submit" variant="light" loading={save.isPending} disabled={!delegateId || !until}>
                  Delegate
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
