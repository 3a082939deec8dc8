import { useState } from 'react';
import { Anchor, Button, Center, Divider, Group, Loader, Text, Title } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { OIDC_START_PATH, useOidcConfig } from '../../api/oidc.ts';
import { takeRememberedPath } from '../../lib/remembered-path.ts';
import { useSession } from '../../api/session-context.tsx';
import { BrandPanel } from './components/brand-panel.tsx';
import { LoginForm } from './components/login-form.tsx';
import classes from './hello-page.module.css';

/** /hello: the login landing (spec §2). The app header is hidden on this route. */
export default function HelloPage() {
  const { isLoggedIn, isSessionLoading, signIn } = useSession();
  const navigate = useNavigate();
  // While our own sign-in completes, isLoggedIn turns true before we navigate to the
  // remembered path; only a visit that is already signed in bounces to '/'.
  const [signingIn, setSigningIn] = useState(false);
  const sso = useOidcConfig();

  if (isLoggedIn && !signingIn) return <Navigate to="/" replace />;
  if (isSessionLoading && !signingIn) {
    return (
      <Center mih="40vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }

  const handleSignedIn = async (authToken: string) => {
    setSigningIn(true);
    try {
      await signIn(authToken);
    } catch (error) {
      setSigningIn(false);
      throw error;
    }
    await navigate(takeRememberedPath() ?? '/', { replace: true });
  };

  return (
    <div className={classes.root}>
      <title>Sign in · Ovation</title>
      <BrandPanel />
      <div className={classes.formSide}>
        <div>
          <Title order={1} size="h2">
            Welcome back
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Sign in with your work e-mail address.
          </Text>
        </div>
        <LoginForm onSignedIn={handleSignedIn} />
        {sso.data?.enabled && (
          <>
            <Divider label="or" labelPosition="center" />
            {/* A full page load: the server redirects to the identity provider. */}
            <Button component="a" href={OIDC_START_PATH} variant="default" size="md" fullWidth>
              Sign in with {sso.data.label}
            </Button>
          </>
        )}
        <Divider />
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            New here?{' '}
            <Anchor component={Link} to="/register" fw={600}>
              Register
            </Anchor>
          </Text>
          <Anchor component={Link} to="/contactsupport" size="sm">
            Contact support
          </Anchor>
        </Group>
      </div>
    </div>
  );
}
