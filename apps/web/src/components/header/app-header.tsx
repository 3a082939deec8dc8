import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/session-context.tsx';
import classes from './header.module.css';

// The member header (menus, drawer) is not needed on the sign-in pages: load it on demand.
const MemberHeader = lazy(() => import('./member-header.tsx'));

function HomeIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" fill="currentColor" />
    </svg>
  );
}

/** Spec §2: hidden on /hello; logged out shows only a home icon; members get the menus. */
export function AppHeader() {
  const { isLoggedIn } = useSession();
  const { pathname } = useLocation();
  if (pathname.toLowerCase().replace(/\/+$/, '') === '/hello') return null;

  return (
    <header className={classes.header}>
      {isLoggedIn ? (
        <Suspense fallback={<div className={classes.bar} />}>
          <MemberHeader />
        </Suspense>
      ) : (
        <div className={classes.bar}>
          <Link to="/" className={classes.iconLink} aria-label="Home">
            <HomeIcon />
          </Link>
        </div>
      )}
    </header>
  );
}
