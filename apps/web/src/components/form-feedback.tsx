import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import type { FormErrorState } from '../lib/form-errors.ts';

/** The form-level server error (spec §5), shown above the form; line breaks are kept. */
export function FormAlert({ error }: { error: FormErrorState }) {
  if (!error.text && !error.title) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={error.title || undefined}
      // Scrolled to when it takes the focus: clear of a sticky header (the page's, or a dialog's title).
      style={{ whiteSpace: 'pre-line', scrollMarginTop: 80 }}
      tabIndex={-1}
      data-form-alert
    >
      {error.text}
    </Alert>
  );
}

/** A field's error; several server messages arrive joined by line breaks, so keep them. */
export function fieldError(message: string | undefined): ReactNode {
  return message ? <span style={{ whiteSpace: 'pre-line' }}>{message}</span> : undefined;
}
