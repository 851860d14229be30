import { lazy, useMemo, type ComponentType } from 'react';
import { useNavigation } from 'shared/navigation';
import { matchRoute, type RouteOwner } from '../routes';
import { PageFrame } from './page-frame';

export type ScreenModule = { default: ComponentType<Record<string, string>> };

/** File name of a screen: `DonationPage` → `donation-page`. */
export const screenFile = (screen: string) => screen.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();

/** A remote's own routes when it runs without the shell (development only). */
export function StandaloneRoutes({ owner, load }: { owner: RouteOwner; load: (file: string) => Promise<ScreenModule> }) {
  const { pathname } = useNavigation();
  const route = matchRoute(pathname);
  const Screen = useMemo(() => (route && route.owner === owner ? lazy(() => load(screenFile(route.screen))) : null), [route, owner, load]);
  if (!route || !Screen) return <PageFrame title="Page not found!">Esta ruta no pertenece a este módulo.</PageFrame>;
  return <Screen {...(route.props ?? {})} />;
}
