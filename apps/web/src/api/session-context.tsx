import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ANONYMOUS_CAPABILITIES } from '@ovation/shared/capabilities';
import { DEFAULT_PROFILE_PIC_ID } from '@ovation/shared/constants';
import type { StoredProfile } from '@ovation/shared/schemas/profile';
import type { LoadSessionResponse } from '@ovation/shared/schemas/session';
import { logout } from './auth.ts';
import { providerSignOutUrl } from './oidc.ts';
import { sessionKeys, sessionQueryOptions, toStoredSession, type StoredSession } from './session.ts';
import { clearAuthToken, getAuthToken, setAuthToken, setUnauthorizedHandler } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';
import { rememberPath } from '../lib/remembered-path.ts';

export interface SessionValue extends Omit<StoredSession, 'profile'> {
  isLoggedIn: boolean;
  isProfileLoaded: boolean;
  /** A stored token is being turned into a session: guards wait instead of redirecting. */
  isSessionLoading: boolean;
  /**
   * The stored token's session could not be loaded for a reason other than a 401 (a server
   * error, the network): the token is kept and guards offer to try again on the same page.
   */
  isSessionFailed: boolean;
  profile: StoredProfile | null;
  signIn(authToken: string): Promise<void>;
  /**
   * Clears the login data at once, then ends the session on the server; answers the single
   * sign-on provider's sign-out URL when the session came from it (else null).
   */
  signOut(): Promise<string | null>;
  reload(): Promise<void>;
  setSession(response: LoadSessionResponse): void;
}

export function profileImageUrl(picId: string | null | undefined, suffix: string | null | undefined = ''): string {
  return `/profilepic/${encodeURIComponent(picId || DEFAULT_PROFILE_PIC_ID)}${suffix ?? ''}`;
}

const SessionContext = createContext<SessionValue | null>(null);

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

function clearLogin(queryClient: QueryClient, setToken: (t: null) => void) {
  clearAuthToken();
  setToken(null);
  queryClient.clear();
}

/** Owns the login: the token in session storage and the loaded session (in TanStack Query). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(getAuthToken);
  const query = useQuery(sessionQueryOptions(token));

  useEffect(() => {
    setUnauthorizedHandler(() => {
      rememberPath(window.location.pathname + window.location.search);
      clearLogin(queryClient, setToken);
      void navigate('/hello', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient, navigate]);

  const signIn = useCallback(
    async (authToken: string) => {
      setAuthToken(authToken);
      try {
        await queryClient.fetchQuery(sessionQueryOptions(authToken));
      } catch (error) {
        clearAuthToken();
        throw error;
      }
      setToken(authToken);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const ending = getAuthToken();
    clearLogin(queryClient, setToken);
    if (!ending) return null;
    // The provider's URL is asked first: revoking ends the session that question needs.
    const endSessionUrl = await providerSignOutUrl(ending);
    await logout(ending).catch(() => undefined);
    return endSessionUrl;
  }, [queryClient]);

  const reload = useCallback(async () => {
    if (token) await queryClient.fetchQuery({ ...sessionQueryOptions(token), staleTime: 0 });
  }, [queryClient, token]);

  const setSession = useCallback(
    (response: LoadSessionResponse) => queryClient.setQueryData(sessionKeys.forToken(token), toStoredSession(response)),
    [queryClient, token],
  );

  const value = useMemo<SessionValue>(() => {
    const data = token ? query.data : undefined;
    return {
      isLoggedIn: !!data,
      isProfileLoaded: !!data,
      isSessionLoading: token !== null && query.isPending,
      isSessionFailed: token !== null && query.isError && !isUnauthorized(query.error),
      profile: data?.profile ?? null,
      capabilities: data?.capabilities ?? ANONYMOUS_CAPABILITIES,
      profilePicId: data?.profilePicId ?? DEFAULT_PROFILE_PIC_ID,
      profilePicSfx: data?.profilePicSfx ?? '',
      currentYear: data?.currentYear ?? 0,
      clientTitle: data?.clientTitle ?? '',
      isProfileIncomplete: data?.isProfileIncomplete ?? false,
      signIn,
      signOut,
      reload,
      setSession,
    };
  }, [token, query.data, query.isPending, query.isError, query.error, signIn, signOut, reload, setSession]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** Whether a member is signed in; false outside a SessionProvider (shared views tested alone). */
export function useIsLoggedIn(): boolean {
  return use(SessionContext)?.isLoggedIn ?? false;
}

/** What this firm calls its points (programme settings), as the session carries it. */
export function usePointsName(): string {
  return useSession().profile?.pointsName || 'points';
}
