import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationContext, type Navigation } from 'shared/navigation';
import { isStaffPath } from 'shared/staff-routes';
import { matchRoute, routes, staffAreaRoute, type SiteRoute } from '../../site/routes';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { NotFound } from './pages/not-found';
import { useDocumentHead } from './routing/document-head';
import { noteAddress } from 'shared/navigation';
import { useInAppLinkInterception } from './routing/link-interception';
import { RouteScreen } from './routing/route-screen';
import { useScrollOnNavigation } from './routing/scroll';

const tableRoutes = new Set<SiteRoute>(routes);

/**
 * The route's screen, looked up in the site's table (exact, case-insensitive, as the gateway does). A route under a
 * prefix (/blog/<slug>) is made on each lookup from what is published now: its own key, so each such page mounts anew.
 * react-router's <Routes> would rank and compile the whole table's patterns on every render; a lookup is all it takes.
 */
function Screen({ pathname }: { pathname: string }) {
  const route = matchRoute(pathname);
  if (!route) return <NotFound />;
  if (tableRoutes.has(route)) return <RouteScreen route={route} />;
  return <RouteScreen key={route.path} route={route} />;
}

/** Bridges react-router to the navigation contract remotes use, so remotes never bundle a router. */
function useNavigationBridge(): Navigation {
  const location = useLocation();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      navigate: (to, options) => void navigate(to, { replace: options?.replace ?? false }),
    }),
    [location.pathname, location.search, location.hash, navigate],
  );
}

export function App() {
  const navigation = useNavigationBridge();
  noteAddress(navigation.pathname + navigation.search + navigation.hash);
  useDocumentHead(navigation.pathname);
  useScrollOnNavigation(navigation);
  useInAppLinkInterception(navigation.navigate);
  // The panel has its own frame (no public header, footer or newsletter box).
  if (isStaffPath(navigation.pathname))
    return (
      <NavigationContext.Provider value={navigation}>
        <RouteScreen route={staffAreaRoute} />
      </NavigationContext.Provider>
    );
  return (
    <NavigationContext.Provider value={navigation}>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <Header />
      <main id="contenido" tabIndex={-1}>
        <Screen pathname={navigation.pathname} />
      </main>
      <Footer />
    </NavigationContext.Provider>
  );
}
