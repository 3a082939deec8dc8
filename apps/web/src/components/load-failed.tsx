import { Alert, Stack } from '@mantine/core';
import { describeError } from '../lib/api-error.ts';
import { RetryButton } from './retry-button.tsx';

/** A read that failed: what failed, why (the server's words), and a way to ask again. */
export function LoadFailed({
  title,
  error,
  onRetry,
  focusTarget,
  maw,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** Where the focus goes after a retry that succeeded (RetryButton). */
  focusTarget?: () => HTMLElement | null;
  /** The alert's widest, on pages that keep their content narrow. */
  maw?: number;
}) {
  return (
    <Alert color="red" variant="light" title={title} maw={maw}>
      <Stack gap="sm" align="flex-start">
        {describeError(error).body}
        <RetryButton size="xs" variant="white" onRetry={onRetry} focusTarget={focusTarget} />
      </Stack>
    </Alert>
  );
}
