import { useMemo } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { NavigationContext, type Navigation } from 'shared/navigation';
import { isStaffPath } from 'shared/staff-routes';
import { matchRoute, patternRoutes, routes, staffAreaRoute } from '../../site/routes';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { NotFound } from './pages/not-found';
import { useDocumentHead } from './routing/document-head';
import { useInAppLinkInterception } from './routing/link-interception';
import { RouteScreen } from './routing/route-screen';
import { useScrollOnNavigation } from './routing/scroll';

/** A route under a prefix (/blog/<slug>): what is published now says whether the page exists. */
function PatternScreen({ pathname }: { pathname: string }) {
  const route = matchRoute(pathname);
  return route ? <RouteScreen key={route.path} route={route} /> : <NotFound />;
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
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} caseSensitive={false} element={<RouteScreen route={route} />} />
          ))}
          {patternRoutes.map((pattern) => (
            <Route
              key={pattern.prefix}
              path={`${pattern.prefix}:segment`}
              caseSensitive={false}
              element={<PatternScreen pathname={navigation.pathname} />}
            />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </main>
      <Footer />
    </NavigationContext.Provider>
  );
}
