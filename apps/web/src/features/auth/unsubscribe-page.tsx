import { useState } from 'react';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useUnsubscribe } from '../../api/unsubscribe.ts';
import { ApiError } from '../../lib/api-client.ts';
import { AuthCard } from './components/auth-card.tsx';

const INVALID =
  'This unsubscribe link is not valid. Use the whole link from the e-mail, or sign in and turn the weekly digest off under My Profile.';

function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.problem?.message) return error.problem.message;
  return 'A network connection error has occured. Please try again.';
}

/**
 * /unsubscribe?token=… (anonymous): the weekly digest's link. Opening it changes nothing (mail
 * scanners open links); the button turns the digest off for the member the link was made for.
 */
export default function UnsubscribePage() {
  const { search } = useLocation();
  const [token] = useState(() => new URLSearchParams(search).get('token')?.trim() ?? '');
  const mutation = useUnsubscribe();

  if (!token) {
    return (
      <AuthCard title="Weekly digest">
        <Alert color="red" variant="light" title="This link is not complete" role="alert">
          {INVALID}
        </Alert>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Weekly digest">
        <Alert
          color={mutation.data.alreadyOff ? 'gray' : 'green'}
          variant="light"
          title={mutation.data.alreadyOff ? 'Already unsubscribed' : 'Unsubscribed'}
          role="status"
        >
          {mutation.data.message}
        </Alert>
        <Text size="sm">
          Other e-mails (recognition, High Fives, orders) are set under{' '}
          <Anchor component={Link} to="/myprofile">
            My Profile
          </Anchor>
          .
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Weekly digest" description="Stop the weekly digest e-mail for your account.">
      {mutation.isError && (
        <Alert color="red" variant="light" title="Not unsubscribed" role="alert">
          {problemOf(mutation.error)}
        </Alert>
      )}
      <Text>
        The weekly digest tells you once a week what you and your team received. You can turn it on again under My
        Profile at any time.
      </Text>
      <Button size="md" fullWidth loading={mutation.isPending} onClick={() => mutation.mutate({ token })}>
        UNSUBSCRIBE
      </Button>
    </AuthCard>
  );
}
