import { lazy, useMemo, type ComponentType } from 'react';
import { useNavigation } from 'shared/navigation';
import { routeMatcher, type RouteEntry } from '../routes';
import { PageFrame } from './page-frame';

export type ScreenModule = { default: ComponentType<Record<string, string>> };

/** File name of a screen: `DonationPage` → `donation-page`. */
export const screenFile = (screen: string) => screen.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();

/** A remote's own routes (its manifest's) when it runs without the shell (development only). */
export function StandaloneRoutes({ routes, load }: { routes: readonly RouteEntry[]; load: (file: string) => Promise<ScreenModule> }) {
  const { pathname } = useNavigation();
  const matchRoute = useMemo(() => routeMatcher(routes), [routes]);
  const route = matchRoute(pathname);
  const Screen = useMemo(() => (route ? lazy(() => load(screenFile(route.screen))) : null), [route, load]);
  if (!route || !Screen) return <PageFrame title="Page not found!">Esta ruta no pertenece a este módulo.</PageFrame>;
  return <Screen {...(route.props ?? {})} />;
}
