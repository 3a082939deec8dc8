import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';

/** The server's word that it accepted a form (a link e-mailed, a password set), read out as a status. */
export function SuccessAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="teal" variant="light" title={title} role="status">
      {children}
    </Alert>
  );
}

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
      <SuccessAlert title={title}>{message}</SuccessAlert>
      <Button component={Link} to={to} size="md" fullWidth>
        {action}
      </Button>
    </Stack>
  );
}
