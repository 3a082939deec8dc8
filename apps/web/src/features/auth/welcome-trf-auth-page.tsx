import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { OIDC_REFUSALS } from '@ovation/shared/schemas/oidc';
import { OIDC_START_PATH, useFinishOidcSignIn, useOidcConfig } from '../../api/oidc.ts';
import { ApiError } from '../../lib/api-error.ts';
import { takeRememberedPath } from '../../lib/remembered-path.ts';
import { useSession } from '../../api/session-context.tsx';
import { AuthCard } from './components/auth-card.tsx';
import { SignedInGate } from './components/signed-in-gate.tsx';

interface Callback {
  code: string | null;
  state: string | null;
  iss: string | null;
  error: string | null;
}

function readCallback(search: string): Callback {
  const params = new URLSearchParams(search);
  const read = (k: string) => params.get(k);
  return { code: read('code'), state: read('state'), iss: read('iss'), error: read('error') };
}

const TITLES: Record<string, string> = {
  [OIDC_REFUSALS.off]: 'Single sign-on is not available',
  [OIDC_REFUSALS.badState]: 'This sign-in has expired',
  [OIDC_REFUSALS.rejected]: 'Your sign-in could not be verified',
  [OIDC_REFUSALS.noMember]: 'No Ovation account found',
  [OIDC_REFUSALS.inactive]: 'Your account is not active',
  [OIDC_REFUSALS.unavailable]: 'The sign-in service is not reachable',
};

interface Refusal {
  title: string;
  message: string;
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError && error.problem) {
    // The server's own words, not the generic "unexpected error" wording of the message box.
    return { title: TITLES[error.problem.type] ?? 'Sign-in failed', message: error.problem.message ?? error.message };
  }
  return { title: 'Sign-in failed', message: 'A network connection error has occured. Please try again.' };
}

/** What the provider itself sent back instead of a code (the member cancelled, or it failed). */
function providerRefusal(error: string, label: string): Refusal {
  if (error === 'unavailable') {
    return {
      title: TITLES[OIDC_REFUSALS.unavailable]!,
      message: `${label} cannot be reached right now. Please try again in a few minutes, or sign in with your password.`,
    };
  }
  if (error === 'access_denied') {
    return { title: 'Sign-in cancelled', message: `The sign-in at ${label} was cancelled. Nothing has changed.` };
  }
  return {
    title: 'Sign-in failed',
    message: `${label} could not sign you in (${error.slice(0, 60)}). Please try again.`,
  };
}

/**
 * /welcometrfauth (spec §2, anonymous): where the identity provider sends the browser back.
 * It finishes single sign-on, stores the token like a login and goes to the remembered path
 * or Home; every refusal is a page of its own. Without single sign-on it says so.
 */
export default function WelcomeTrfAuthPage() {
  const { search } = useLocation();
  const [callback] = useState(() => readCallback(search));
  const config = useOidcConfig();
  const finish = useFinishOidcSignIn();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Refusal | null>(null);
  const started = useRef(false);
  const { code, state, iss } = callback;

  useEffect(() => {
    // The code works once: take it out of the address bar so a reload or a bookmark never replays it.
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
    if (started.current || !code || !state) return;
    started.current = true; // StrictMode mounts twice; the code works once
    void (async () => {
      try {
        const { authToken } = await finish.mutateAsync({ code, state, ...(iss ? { iss } : {}) });
        await signIn(authToken);
        await navigate(takeRememberedPath() ?? '/', { replace: true });
      } catch (error) {
        setFailure(refusalOf(error));
      }
    })();
  }, [code, state, iss, finish, signIn, navigate]);

  const label = config.data?.label || 'your company account';
  const refusal = failure ?? (callback.error ? providerRefusal(callback.error, label) : null);

  if (refusal) {
    return (
      <AuthCard title="Single sign-on">
        <Alert color="red" variant="light" title={refusal.title} role="alert">
          {refusal.message}
        </Alert>
        {config.data?.enabled && (
          <Button component="a" href={OIDC_START_PATH} variant="default" size="md" fullWidth>
            Try again with {label}
          </Button>
        )}
      </AuthCard>
    );
  }

  if (code && state) {
    return (
      <Center mih="40vh">
        <Stack align="center" gap="md" role="status" aria-live="polite">
          <Loader />
          <Text size="lg">Signing you in…</Text>
        </Stack>
      </Center>
    );
  }

  // No callback to finish: a signed-in member is told so, not asked to sign in (decision 0099).
  return (
    <SignedInGate title="Single sign-on">
      <SignInChoice config={config} />
    </SignedInGate>
  );
}

function SignInChoice({ config }: { config: ReturnType<typeof useOidcConfig> }) {
  const label = config.data?.label || 'your company account';
  if (config.isPending) {
    return (
      <Center mih="40vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }

  if (!config.data?.enabled) {
    return (
      <AuthCard title="Single sign-on" withSignInLink={false}>
        <Alert color="gray" variant="light" title="Single sign-on is not set up" role="status">
          This portal does not sign in through a company account. Sign in with your e-mail address and password.
        </Alert>
        <Button component={Link} to="/hello" size="md" fullWidth>
          SIGN IN
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Single sign-on" description={`Sign in to Ovation with ${label}.`}>
      <Button component="a" href={OIDC_START_PATH} size="md" fullWidth>
        Sign in with {label}
      </Button>
    </AuthCard>
  );
}
