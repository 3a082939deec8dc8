import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CookieBanner } from '../components/cookie-banner/cookie-banner.tsx';
import { AppFooter } from '../components/footer/app-footer.tsx';
import { AppHeader } from '../components/header/app-header.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link.tsx';
import { preloadMessageBox } from '../components/message-box-host.tsx';
import { SessionProvider } from '../api/session-context.tsx';
import { PageFallback } from './page-fallback.tsx';
import { RouteAnnouncer } from './route-announcer.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import classes from './root-layout.module.css';

const PRELOAD_AFTER_MS = 2000;

/** The page frame: skip link, cookie banner, header, main landmark, footer, route announcer. */
export function RootLayout() {
  const { pathname } = useLocation();

  // A new page starts at the top (the declarative router has no ScrollRestoration).
  // Braces matter: newer browsers return a Promise from scrollTo, which an effect must not.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    const timer = setTimeout(preloadMessageBox, PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <SessionProvider>
      <div className={classes.shell}>
        <SkipLink />
        {/* Before the header: the keyboard meets it early; it shows at the foot of the screen. */}
        <CookieBanner />
        <AppHeader />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <AppFooter />
        <RouteAnnouncer />
      </div>
    </SessionProvider>
  );
}
