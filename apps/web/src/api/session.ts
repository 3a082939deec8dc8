import { queryOptions } from '@tanstack/react-query';
import type { Capabilities } from '@ovation/shared/capabilities';
import { DEFAULT_PROFILE_PIC_ID } from '@ovation/shared/constants';
import { isProfileIncomplete } from '@ovation/shared/profile-rules';
import type { StoredProfile } from '@ovation/shared/schemas/profile';
import type { LoadSessionResponse } from '@ovation/shared/schemas/session';
import { api, clearAuthToken } from '../lib/api-client.ts';
import { ApiError, describeError } from '../lib/api-error.ts';
import { showMessage } from '../lib/message-box.tsx';
import { rememberRouteHints } from '../lib/route-hints.ts';

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

/** One session per bearer token: signing in as someone else never reads the last member's. */
export const sessionKeys = {
  all: ['session'] as const,
  forToken: (token: string | null) => ['session', token] as const,
};

export const SESSION_ERROR = 'An error occurred loading the session';
export const SESSION_UNEXPECTED_ERROR = 'An unexpected error occurred loading the session';

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

/**
 * The session as the browser keeps it. Spec §4/§5: a cell number under 10 characters or no
 * e-mail forces the profile update (isProfileIncomplete, from shared/profile-rules, which
 * does not load zod), whatever the server's flag says.
 */
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

export const SESSION_PATH = '/api/spa/loadsession';

/** POST /api/spa/loadsession; step codes tell support where a load failed. */
export async function loadSession(): Promise<StoredSession> {
  let raw: unknown;
  try {
    raw = await api.post(SESSION_PATH, {}, { silent: true });
  } catch (error) {
    // A 401 has already cleared the login and gone to /hello (spec §4: only a 401 does). Any
    // other failure (a server fault, the network) says nothing about the token: it is kept, and
    // the page offers to try again (decision 0099).
    if (!(error instanceof ApiError && error.status === 401)) {
      void showMessage({ title: SESSION_ERROR, msg: `LS01: ${describeError(error).body}` });
    }
    throw error;
  }
  if (!isSessionResponse(raw)) {
    clearAuthToken();
    void showMessage({ title: SESSION_ERROR, msg: `LS02: ${SESSION_UNEXPECTED_ERROR}` });
    throw new Error(`LS02: ${SESSION_UNEXPECTED_ERROR}`);
  }
  rememberRouteHints(raw.capabilities);
  return toStoredSession(raw);
}

export const sessionQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: sessionKeys.forToken(token),
    queryFn: loadSession,
    enabled: token !== null,
    // Loaded once per page load (spec §4); SessionValue.reload() or setSession() refresh it.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
