import { Alert, Button, Stack } from '@mantine/core';
import { describeError } from '../lib/api-error.ts';

/** A read that failed: what failed, why (the server's words), and a way to ask again. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="sm" align="flex-start">
        {describeError(error).body}
        <Button size="xs" variant="white" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
