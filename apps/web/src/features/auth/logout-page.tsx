import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { LOGOUT_DELAY_MS } from '@ovation/shared/constants';
import { providerSignOutUrl } from '../../api/oidc.ts';
import { clearRememberedPath } from '../../lib/remembered-path.ts';
import { useSession } from '../../lib/session.tsx';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** /logout (spec Logout screen): revoke and clear the login, then go to the site root. */
export default function LogoutPage() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  // StrictMode mounts twice in development; sign out once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearRememberedPath();
    // The message stays for at least LOGOUT_DELAY_MS even when the revoke is quick; a failed
    // revoke still leaves the browser signed out (signOut clears local login data anyway).
    // A single sign-on session also ends at the provider, which then returns to the site root.
    void (async () => {
      const endSessionUrl = await providerSignOutUrl();
      await Promise.allSettled([signOut(), wait(LOGOUT_DELAY_MS)]);
      if (endSessionUrl) window.location.assign(endSessionUrl);
      else await navigate('/', { replace: true });
    })();
  }, [signOut, navigate]);

  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader />
        <Text component="h1" size="lg" m={0} fw={400}>
          Please wait, logging out
        </Text>
      </Stack>
    </Center>
  );
}
