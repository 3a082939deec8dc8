import type { ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

interface SendSuccessProps {
  title: string;
  children: ReactNode;
  onDismiss: () => void;
  /** Where the member can see what they sent. */
  seeLink?: { to: string; label: string };
}

/**
 * The confirmation after a send. It takes focus (a screen reader reads it; on a phone the
 * button that was pressed is far below) and the form under it is ready for the next one.
 */
export function SendSuccess({ title, children, onDismiss, seeLink }: SendSuccessProps) {
  return (
    <Alert
      color="teal"
      variant="light"
      title={title}
      role="status"
      tabIndex={-1}
      ref={(el: HTMLDivElement | null) => el?.focus()}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      <Text size="sm">{children}</Text>
      {seeLink && (
        <Group mt="sm">
          <Button component={Link} to={seeLink.to} variant="white" size="xs">
            {seeLink.label}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
