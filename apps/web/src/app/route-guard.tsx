import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PROFILE_UPDATE_PATH, routeAccess, type NavEntry } from '../config/navigation.ts';
import { AccessNotice } from '../components/not-available.tsx';
import { rememberPath } from '../lib/remembered-path.ts';
import { useSession } from '../api/session-context.tsx';
import { SessionPending } from './page-fallback.tsx';
import { ProfileFirstNotice, type ProfileFirstState } from './profile-first-notice.tsx';
import { SessionFailed } from './session-failed.tsx';

/** Anonymous visit to a protected route: remember where they were going, then /hello. */
function ToHello() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberPath(location.pathname + location.search + location.hash);
    void navigate('/hello', { replace: true });
  }, [location, navigate]);
  return null;
}

/**
 * The route guard of spec §4 and §6, driven by the navigation entry: login, the forced
 * profile completion, then the entry's capability (the server enforces it too).
 */
export function RouteGuard({ entry, children }: { entry: NavEntry; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  // A stored token is still loading its session: wait (the Loading overlay shows), holding the
  // page's place so the footer is not pushed down when it arrives.
  if (session.isSessionLoading) return <SessionPending />;
  // Not a 401: the token is kept and the member stays on this address to try again (decision 0099).
  if (entry.access === 'member' && session.isSessionFailed) return <SessionFailed />;
  if (entry.access === 'member' && !session.isLoggedIn) return <ToHello />;
  if (session.isLoggedIn && session.isProfileIncomplete && !entry.profileExempt) {
    // The profile page says why the member landed there instead (decision 0099).
    const state: ProfileFirstState = { profileFirst: entry.label };
    return <Navigate to={PROFILE_UPDATE_PATH} replace state={state} />;
  }
  if (entry.access === 'member') {
    const access = routeAccess(entry, session.capabilities);
    if (access !== 'ok') return <AccessNotice title={entry.label} kind={access} />;
  }
  const bounced = (location.state as Partial<ProfileFirstState> | null)?.profileFirst;
  // One shape whether the notice shows or not: completing the profile hides the notice without
  // remounting the page (its "Thank you, your profile is complete" is the page's own state).
  return (
    <>
      {session.isProfileIncomplete && bounced ? <ProfileFirstNotice page={bounced} /> : null}
      {children}
    </>
  );
}
