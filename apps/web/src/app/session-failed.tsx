import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { SESSION_ERROR } from '../api/session.ts';
import { PageTitle } from '../components/page-title.tsx';
import { useSession } from '../api/session-context.tsx';

/**
 * In place of a member page whose session could not load (a server error or the network, not a
 * 401): the member stays signed in and on the address they asked for, and can try again.
 */
export function SessionFailed() {
  const { reload } = useSession();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    // A failure shows its message box again (LS01) and leaves this panel in place.
    await reload().catch(() => undefined);
    setBusy(false);
  };
  return (
    <Stack maw={640} gap="md" align="flex-start">
      <PageTitle title={SESSION_ERROR} />
      <Alert color="red" variant="light" role="alert" w="100%">
        <Text size="sm">
          You are still signed in, but your details could not be loaded just now. Please try again in a moment.
        </Text>
      </Alert>
      <Button onClick={() => void retry()} loading={busy}>
        Try again
      </Button>
    </Stack>
  );
}
