import { Alert, Text } from '@mantine/core';
import { NOT_AVAILABLE_IN_COUNTRY } from '@ovation/shared/constants';
import { PageTitle } from './page-title.tsx';

export const NO_ACCESS_TEXT = 'You do not have access to this page.';

/** The small visible hint under a greyed-out item (also given as its tooltip). */
export function NotAvailableHint({ hint = NOT_AVAILABLE_IN_COUNTRY, id }: { hint?: string; id?: string }) {
  return (
    <Text component="span" size="xs" c="gray.7" id={id} style={{ display: 'block' }}>
      {hint}
    </Text>
  );
}

/** Shown instead of a page the member may not open (the server refuses it too). */
export function AccessNotice({ title, kind }: { title: string; kind: 'country' | 'forbidden' }) {
  const text = kind === 'country' ? NOT_AVAILABLE_IN_COUNTRY : NO_ACCESS_TEXT;
  return (
    <>
      <PageTitle title={title} />
      <Alert
        color={kind === 'country' ? 'amber' : 'red'}
        variant="light"
        title={text}
        role="status"
        maw={640}
        // Amber's own title colour is below 4.5:1 on its light background; a dark amber reads.
        styles={kind === 'country' ? { title: { color: '#5c3b00' } } : undefined}
      >
        {kind === 'country'
          ? 'This feature is offered to members in South Africa only.'
          : 'If you think you should see this page, please contact your administrator.'}
      </Alert>
    </>
  );
}
