import { useEffect, useRef, useState } from 'react';
import { Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { IssuedIntegrationToken } from '@ovation/shared/schemas/integrations';

export interface ShownSecret {
  issued: IssuedIntegrationToken;
  /** Made on the form, or a new secret for a token rotated. */
  how: 'made' | 'rotated';
}

type Copied = 'no' | 'yes' | 'failed';

const COPY_FAILED =
  'This browser did not let the page copy it: select the secret and copy it yourself (Ctrl+C, or ⌘C on a Mac).';

/**
 * A token's secret, the one time it is shown: read-only, with a Copy button, until Done. It takes
 * the focus when it appears, so a keyboard or screen reader user lands on it.
 */
export function SecretPanel({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const { issued, how } = shown;
  const panel = useRef<HTMLElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<{ secret: string; state: Copied }>({ secret: issued.secret, state: 'no' });
  const state = copied.secret === issued.secret ? copied.state : 'no';

  useEffect(() => {
    panel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [issued.secret]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(issued.secret);
      setCopied({ secret: issued.secret, state: 'yes' });
    } catch {
      setCopied({ secret: issued.secret, state: 'failed' });
      input.current?.focus();
      input.current?.select();
    }
  };

  return (
    <Paper
      ref={panel}
      component="section"
      aria-labelledby="integration-secret-title"
      tabIndex={-1}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      bg="yellow.0"
      style={{ borderColor: 'var(--mantine-color-yellow-7)', borderWidth: 2 }}
      data-testid="integration-secret"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="integration-secret-title">
          {how === 'made' ? `The secret of ${issued.token.name}` : `The new secret of ${issued.token.name}`}
        </Title>
        <Text fw={600}>Copy it now: it is not shown again.</Text>
        <Text size="sm">
          Give it to the directory or script as <Code>Authorization: Bearer</Code> followed by the secret.
          {how === 'rotated' && ' The old secret no longer works.'}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            ref={input}
            label="Secret"
            value={issued.secret}
            readOnly
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: '1 1 18rem', minWidth: 0 }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Button variant="light" onClick={() => void copy()}>
            Copy
          </Button>
        </Group>
        <Text size="sm" role="status" c={state === 'failed' ? 'red.9' : 'teal.9'} mih="1.5em">
          {state === 'yes' ? 'Copied.' : state === 'failed' ? COPY_FAILED : ''}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
