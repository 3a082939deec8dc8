import { Alert, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';

interface SuccessPanelProps {
  title: string;
  message: string;
  /** Where the single call to action leads, e.g. back to sign in. */
  to: string;
  action: string;
}

/** Replaces a form once the server accepted it; the message is the server's own. */
export function SuccessPanel({ title, message, to, action }: SuccessPanelProps) {
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" title={title} role="status">
        {message}
      </Alert>
      <Button component={Link} to={to} size="md" fullWidth>
        {action}
      </Button>
    </Stack>
  );
}
