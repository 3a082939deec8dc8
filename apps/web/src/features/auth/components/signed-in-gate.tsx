import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../../api/session-context.tsx';
import { AuthCard } from './auth-card.tsx';

interface SignedInGateProps {
  /** The page's own title, kept as the card's heading. */
  title: string;
  children: ReactNode;
}

/**
 * The sign-in pages (register, reset password, single sign-on) for someone already signed in:
 * they say so and lead Home instead of offering an anonymous form (decision 0099). While a
 * stored token's session loads, nothing is offered yet.
 */
export function SignedInGate({ title, children }: SignedInGateProps) {
  const { isLoggedIn, isSessionLoading, profile } = useSession();
  if (isSessionLoading) {
    return (
      <Center mih="40vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!isLoggedIn) return children;
  return (
    <AuthCard title={title} withSignInLink={false}>
      <Alert color="teal" variant="light" title="You are already signed in" role="status">
        <Text size="sm">
          {profile?.email ? `You are signed in as ${profile.email}.` : 'You are signed in.'} To use this page as someone
          else, log out first.
        </Text>
      </Alert>
      <Button component={Link} to="/" size="md" fullWidth>
        GO TO HOME
      </Button>
    </AuthCard>
  );
}
