import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { LOGOUT_DELAY_MS } from '@ovation/shared/constants';
import { clearRememberedPath } from '../../lib/remembered-path.ts';
import { useSession } from '../../api/session-context.tsx';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How long the screen waits for the server's answer (whether the session came from single
 * sign-on) before going on to the site root; the login data is cleared before anything is asked.
 */
export const SIGN_OUT_ANSWER_WAIT_MS = 5000;

/** /logout (spec Logout screen): clear the login, revoke it, then go to the site root. */
export default function LogoutPage() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  // StrictMode mounts twice in development; sign out once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearRememberedPath();
    // signOut clears the login data at once and then revokes the session (a failed or slow
    // revoke leaves the browser signed out all the same). The message stays for at least
    // LOGOUT_DELAY_MS; a single sign-on session also ends at the provider, which then returns
    // to the site root.
    const ended = signOut().catch(() => null);
    void (async () => {
      const [endSessionUrl] = await Promise.all([
        Promise.race([ended, wait(SIGN_OUT_ANSWER_WAIT_MS).then(() => null)]),
        wait(LOGOUT_DELAY_MS),
      ]);
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
