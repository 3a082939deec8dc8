import { Box, Center, Loader } from '@mantine/core';
import { useSession } from '../api/session-context.tsx';

/** While a stored token's session loads (the Loading overlay shows): a screen's height kept. */
export function SessionPending() {
  return <Box mih="100vh" aria-hidden="true" />;
}

/**
 * While a page's chunk downloads. Signed in, it holds a screen's height: the pages behind the
 * sign-in are taller than that, so the footer stays below the fold instead of being pushed down
 * when the page arrives (a layout shift). The signed-out pages are short, so there it stays small.
 */
export function PageFallback() {
  const { isLoggedIn, isSessionLoading } = useSession();
  return (
    <Center mih={isLoggedIn || isSessionLoading ? '100vh' : '40vh'}>
      <Loader aria-label="Loading page" />
    </Center>
  );
}
