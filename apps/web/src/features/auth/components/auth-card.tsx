import type { ReactNode } from 'react';
import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../../api/session-context.tsx';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The support page itself has no need to link to itself. */
  withSupportLink?: boolean;
  /** Off where the card's own main button already goes to sign in. */
  withSignInLink?: boolean;
}

/** The centred card every anonymous account page shares, with a way back to sign in (or Home). */
export function AuthCard({
  title,
  description,
  children,
  withSupportLink = true,
  withSignInLink = true,
}: AuthCardProps) {
  // A signed-in member reaching one of these pages goes back Home, not to sign in.
  const { isLoggedIn } = useSession();
  return (
    <Box maw={480} mx="auto" pt={{ base: 0, sm: 'xl' }}>
      <title>{`${title} · Ovation`}</title>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="sm" mt={4}>
                {description}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
      <Group justify="center" gap="lg" mt="md">
        {withSignInLink && (
          <Anchor component={Link} to={isLoggedIn ? '/' : '/hello'} size="sm">
            {isLoggedIn ? 'Back to Home' : 'Back to sign in'}
          </Anchor>
        )}
        {withSupportLink && (
          <Anchor component={Link} to="/contactsupport" size="sm">
            Contact support
          </Anchor>
        )}
      </Group>
    </Box>
  );
}
