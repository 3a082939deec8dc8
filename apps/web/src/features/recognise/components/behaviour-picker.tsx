import type { ReactNode } from 'react';
import { Alert, Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useBehaviours } from '../../../api/behaviours.ts';
import { RetryButton } from '../../../components/retry-button.tsx';

interface BehaviourPickerProps {
  value: number | undefined;
  onChange: (id: number) => void;
  error?: ReactNode;
}

/** The firm's behaviours as radio cards with their descriptions (one is required). */
export function BehaviourPicker({ value, onChange, error }: BehaviourPickerProps) {
  const behaviours = useBehaviours();

  if (behaviours.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading behaviours">
        <Skeleton h={16} w={160} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={72} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (behaviours.isError) {
    return (
      <Alert color="red" variant="light" title="The behaviours could not be loaded">
        <Group gap="sm">
          <Text size="sm">Please try again.</Text>
          <RetryButton size="xs" variant="white" onRetry={() => void behaviours.refetch()} />
        </Group>
      </Alert>
    );
  }

  if (behaviours.data.length === 0) {
    // Nothing to choose: the form cannot be sent, so say why instead of an empty group.
    return (
      <Alert
        color="yellow"
        variant="light"
        title="No behaviours to recognise yet"
        data-invalid={error ? true : undefined}
      >
        <Text size="sm">The firm has not set up its behaviours. Please ask your programme administrator.</Text>
      </Alert>
    );
  }

  return (
    <Radio.Group
      label="Behaviour"
      description="Which of the firm's behaviours did they show?"
      required
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      error={error}
      // A failed submit moves the keyboard here (lib/focus-first-error.ts): the choices carry no aria-invalid.
      data-invalid={error ? true : undefined}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
        {behaviours.data.map((b) => (
          <Radio.Card
            key={b.id}
            value={String(b.id)}
            radius="md"
            p="md"
            aria-label={b.name}
            aria-describedby={`behaviour-${b.id}-text`}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <div>
                <Text fw={600} size="sm">
                  {b.name}
                </Text>
                <Text size="xs" c="dimmed" id={`behaviour-${b.id}-text`}>
                  {b.description}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
