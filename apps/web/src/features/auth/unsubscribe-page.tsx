import { useState } from 'react';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { EMAIL_PREFERENCE_KINDS, type EmailPreferenceKind } from '@ovation/shared/schemas/notifications';
import { useUnsubscribe } from '../../api/unsubscribe.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AuthCard } from './components/auth-card.tsx';

const INVALID =
  'This unsubscribe link is not valid. Use the whole link from the e-mail, or sign in and turn these e-mails off under My Profile.';

/** What each kind of link stops (the token's middle part names it; a digest link has none). */
const LISTS: Record<'digest' | EmailPreferenceKind, { title: string; description: string; about: string }> = {
  digest: {
    title: 'Weekly digest',
    description: 'Stop the weekly digest e-mail for your account.',
    about: 'The weekly digest tells you once a week what you and your team received.',
  },
  recognised: {
    title: 'Recognition e-mails',
    description: 'Stop the e-mail you get when someone recognises you.',
    about: 'You are e-mailed each time someone recognises you.',
  },
  high5: {
    title: 'High Five e-mails',
    description: 'Stop the e-mail you get when you receive a High Five.',
    about: 'You are e-mailed each time you receive a High Five.',
  },
  points: {
    title: 'Points e-mails',
    description: 'Stop the e-mail you get when you receive points.',
    about: 'You are e-mailed when someone pays points forward to you or a points upload credits you.',
  },
  reaction: {
    title: 'Reaction e-mails',
    description: 'Stop the e-mail you get when someone reacts to your kudos.',
    about: 'You are e-mailed when a colleague reacts to kudos you received.',
  },
};

const LIST_IN_TOKEN = new RegExp(`^\\d+\\.(${EMAIL_PREFERENCE_KINDS.join('|')})\\.`);
const listOf = (token: string) => LISTS[(LIST_IN_TOKEN.exec(token)?.[1] ?? 'digest') as keyof typeof LISTS];

function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.problem?.message) return error.problem.message;
  // A token the server could not even read (too long, cut short): the link is not valid.
  if (error instanceof ApiError && error.status === 400) return INVALID;
  return 'A network connection error has occured. Please try again.';
}

/**
 * /unsubscribe?token=… (anonymous): an e-mail's unsubscribe link — the weekly digest's, or one
 * kind of notification e-mail's (decision 0044). Opening it changes nothing (mail scanners open
 * links); the button turns that e-mail off for the member the link was made for.
 */
export default function UnsubscribePage() {
  const { search } = useLocation();
  const [token] = useState(() => new URLSearchParams(search).get('token')?.trim() ?? '');
  const mutation = useUnsubscribe();
  const list = listOf(token);

  if (!token) {
    return (
      <AuthCard title="Unsubscribe">
        <Alert color="red" variant="light" title="This link is not complete" role="alert">
          {INVALID}
        </Alert>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title={list.title}>
        <Alert
          color={mutation.data.alreadyOff ? 'gray' : 'green'}
          variant="light"
          title={mutation.data.alreadyOff ? 'Already unsubscribed' : 'Unsubscribed'}
          role="status"
        >
          {mutation.data.message}
        </Alert>
        <Text size="sm">
          Your other e-mails are set under{' '}
          <Anchor component={Link} to="/myprofile">
            My Profile
          </Anchor>
          .
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={list.title} description={list.description}>
      {mutation.isError && (
        <Alert color="red" variant="light" title="Not unsubscribed" role="alert">
          {problemOf(mutation.error)}
        </Alert>
      )}
      <Text>{list.about} You can turn it on again under My Profile at any time.</Text>
      <Button size="md" fullWidth loading={mutation.isPending} onClick={() => mutation.mutate({ token })}>
        UNSUBSCRIBE
      </Button>
    </AuthCard>
  );
}
