import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ANONYMOUS_CAPABILITIES, type Capabilities } from '@ovation/shared/capabilities';
import { DEFAULT_PROFILE_PIC_ID } from '@ovation/shared/constants';
import { isProfileIncomplete } from '@ovation/shared/profile-rules';
import type { StoredProfile } from '@ovation/shared/schemas/profile';
import type { LoadSessionResponse } from '@ovation/shared/schemas/session';
import {
  ApiError,
  api,
  clearAuthToken,
  describeError,
  getAuthToken,
  setAuthToken,
  setUnauthorizedHandler,
} from './api-client.ts';
import { showMessage } from './message-box.tsx';
import { rememberPath } from './remembered-path.ts';

/** The session state of spec §3 as the browser keeps it (member ids dropped). */
export interface StoredSession {
  profile: StoredProfile;
  capabilities: Capabilities;
  profilePicId: string;
  profilePicSfx: string;
  currentYear: number;
  clientTitle: string;
  isProfileIncomplete: boolean;
}

export interface SessionValue extends Omit<StoredSession, 'profile'> {
  isLoggedIn: boolean;
  isProfileLoaded: boolean;
  /** A stored token is being turned into a session: guards wait instead of redirecting. */
  isSessionLoading: boolean;
  profile: StoredProfile | null;
  signIn(authToken: string): Promise<void>;
  signOut(): Promise<void>;
  reload(): Promise<void>;
  setSession(response: LoadSessionResponse): void;
}

export const SESSION_QUERY_KEY = 'session';
export const SESSION_ERROR = 'An error occurred loading the session';
export const SESSION_UNEXPECTED_ERROR = 'An unexpected error occurred loading the session';

export function profileImageUrl(picId: string | null | undefined, suffix: string | null | undefined = ''): string {
  return `/profilepic/${encodeURIComponent(picId || DEFAULT_PROFILE_PIC_ID)}${suffix ?? ''}`;
}

/**
 * Spec §4/§5: a cell number under 10 characters or no e-mail forces the profile update.
 * Same rule as isProfileIncomplete in shared/schemas/profile, repeated here because that
 * module loads zod, which the app shell does not otherwise need.
 */
/** Enough of a shape check to fail with a clear step code instead of a crash later. */
function isSessionResponse(raw: unknown): raw is LoadSessionResponse {
  const r = raw as Partial<LoadSessionResponse> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.profile === 'object' &&
    r.profile !== null &&
    typeof r.capabilities === 'object' &&
    r.capabilities !== null
  );
}

export function toStoredSession(response: LoadSessionResponse): StoredSession {
  const { memberId: _m, memberMngMemberId: _mm, ...profile } = response.profile;
  return {
    profile,
    capabilities: response.capabilities,
    profilePicId: response.profilePicId || DEFAULT_PROFILE_PIC_ID,
    profilePicSfx: response.profilePicSfx ?? '',
    currentYear: response.currentYear ?? 0,
    clientTitle: response.clientTitle ?? '',
    isProfileIncomplete: response.isProfileIncomplete === true || isProfileIncomplete(profile),
  };
}

/** POST /api/spa/loadsession; step codes tell support where a load failed. */
async function loadSession(): Promise<StoredSession> {
  let raw: unknown;
  try {
    raw = await api.post('/api/spa/loadsession', {}, { silent: true });
  } catch (error) {
    // A 401 has already cleared the login and gone to /hello.
    if (!(error instanceof ApiError && error.status === 401)) {
      clearAuthToken(); // a token that cannot load a session is useless; sign in again
      void showMessage({ title: SESSION_ERROR, msg: `LS01: ${describeError(error).body}` });
    }
    throw error;
  }
  if (!isSessionResponse(raw)) {
    clearAuthToken();
    void showMessage({ title: SESSION_ERROR, msg: `LS02: ${SESSION_UNEXPECTED_ERROR}` });
    throw new Error(`LS02: ${SESSION_UNEXPECTED_ERROR}`);
  }
  return toStoredSession(raw);
}

const sessionQuery = (token: string | null) => ({
  queryKey: [SESSION_QUERY_KEY, token] as const,
  queryFn: loadSession,
  enabled: token !== null,
  // Loaded once per page load (spec §4); reload() or setSession() refresh it.
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

const SessionContext = createContext<SessionValue | null>(null);

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
  const query = useQuery(sessionQuery(token));

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
        await queryClient.fetchQuery(sessionQuery(authToken));
      } catch (error) {
        clearAuthToken();
        throw error;
      }
      setToken(authToken);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    if (getAuthToken()) await api.post('/api/auth/logout', {}, { silent: true }).catch(() => undefined);
    clearLogin(queryClient, setToken);
  }, [queryClient]);

  const reload = useCallback(async () => {
    if (token) await queryClient.fetchQuery({ ...sessionQuery(token), staleTime: 0 });
  }, [queryClient, token]);

  const setSession = useCallback(
    (response: LoadSessionResponse) => queryClient.setQueryData([SESSION_QUERY_KEY, token], toStoredSession(response)),
    [queryClient, token],
  );

  const value = useMemo<SessionValue>(() => {
    const data = token ? query.data : undefined;
    return {
      isLoggedIn: !!data,
      isProfileLoaded: !!data,
      isSessionLoading: token !== null && query.isPending,
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
  }, [token, query.data, query.isPending, signIn, signOut, reload, setSession]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
