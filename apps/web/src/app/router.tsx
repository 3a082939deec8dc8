import { useRoutes, type RouteObject } from 'react-router';
import { NAV_ENTRIES } from '../config/navigation.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { PAGES } from './pages.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteGuard } from './route-guard.tsx';

/**
 * Routes come from the navigation config; the guard reads the same entry. Declarative
 * routing (BrowserRouter + useRoutes) is enough here — no loaders or actions — and keeps
 * the data router's ~20 KB gzip off the sign-in page.
 */
export function appRoutes(): RouteObject[] {
  const pages: RouteObject[] = NAV_ENTRIES.map((entry) => {
    const Page = PAGES[entry.page];
    return {
      path: entry.path,
      element: (
        <RouteGuard entry={entry}>
          <Page />
        </RouteGuard>
      ),
    };
  });
  return [{ element: <RootLayout />, children: [...pages, { path: '*', element: <NotFoundPage /> }] }];
}

const ROUTES = appRoutes();

export function AppRoutes() {
  return useRoutes(ROUTES);
}
