import { accountPatternRoutes, accountRoutes, type AccountScreen } from 'remote-account/manifest/routes';
import { communityRoutes, type CommunityScreen } from 'remote-community/manifest/routes';
import { coursesPatternRoutes, coursesRoutes, type CoursesScreen } from 'remote-courses/manifest/routes';
import { givingPatternRoutes, givingRoutes, type GivingScreen } from 'remote-giving/manifest/routes';
import { inOrder, routeMatcher, type PatternRoute, type RouteEntry } from 'shared/routes';
import { shellPatternRoutes, shellRoutes, staffAreaRoute, type ShellScreen } from '../shell/manifest/routes';

/**
 * The site's public routes (#27), composed from each app's own: browser-safe data, for the shell's app, the gateway
 * (server rendering, sitemap, titles, canonicals, headers) and the browser tests. A new remote is a line in
 * `RemoteScreens`, `remoteNames` and `routes`.
 */

/** Screens exposed by each remote for its public routes (the Module Federation expose is `./<Screen>`). */
export interface RemoteScreens {
  courses: CoursesScreen;
  giving: GivingScreen;
  community: CommunityScreen;
  account: AccountScreen;
}
export type RemoteName = keyof RemoteScreens;
/** Who renders a route: the shell itself or one of the Module Federation remotes. */
export type RouteOwner = 'shell' | RemoteName;

export const remoteNames: readonly RemoteName[] = ['courses', 'giving', 'community', 'account'];

/** A route of the site: its screen is one its owner has. */
export type SiteRoute = RouteEntry<'shell', ShellScreen> | { [R in RemoteName]: RouteEntry<R, RemoteScreens[R]> }[RemoteName];

/**
 * The table's order (spec §2's): the sitemap lists the pages in it. A route no line names follows the listed ones, in
 * its app's order, so a domain adds a route in its manifest alone.
 */
const order = [
  '/',
  '/automata',
  '/desarrollo-software',
  '/desarrollo-software/registro',
  '/ofimatica-basica',
  '/ofimatica-basica/registro',
  '/marketing-digital',
  '/marketing-digital/registro',
  '/ods',
  '/nosotros',
  '/about-us',
  '/vale-ser',
  '/arte-de-amarte',
  '/vale-ser/consulta',
  '/arte-de-amarte/consulta',
  '/success',
  '/failure',
  '/pending',
  '/pago/exitoso',
  '/pago/error',
  '/pago/pendiente',
  '/contribuciones',
  '/contribuciones/mensual/resultado',
  '/voluntarios',
  '/empresas',
  '/pqrsf',
  '/consultar-solicitud',
  '/boletin/confirmar',
  '/boletin/baja',
  '/Documents-esal',
  '/procesos-aprendizaje',
  '/software-a-la-medida',
  '/aprende-ayuda',
  '/eco-turismo',
  '/proyecto-puentes',
  '/software-custome',
  '/software-custome/software-request',
  '/blog',
  '/software-para-el-futuro',
  '/login',
  '/register',
  '/confirm-email',
  '/mis-cursos',
  '/mis-donaciones',
  '/datos-personales',
  '/politica-de-privacidad',
  '/terminos-y-condiciones',
];

/** The whole route table of the site (spec §2), for the shell, the gateway and the sitemap. */
export const routes: readonly SiteRoute[] = inOrder<SiteRoute>(
  [...shellRoutes, ...coursesRoutes, ...givingRoutes, ...communityRoutes, ...accountRoutes],
  (r) => r.path,
  order,
);

export { staffAreaRoute };

/**
 * Routes whose last segment names something (/blog/<slug>: published content, resolved from what is live when asked;
 * /contribuciones/mensual/gestionar/<token>: a monthly gift's manage link, #29; /verificar/<code>: a completion
 * certificate's verification, #31).
 */
export const patternRoutes: readonly PatternRoute<SiteRoute['owner'], SiteRoute['screen']>[] = [
  ...shellPatternRoutes,
  ...givingPatternRoutes,
  ...coursesPatternRoutes,
  ...accountPatternRoutes,
];

/** Exact, case-insensitive lookup of a pathname in the route table; a path of the panel gives `staffAreaRoute`. */
export const matchRoute: (pathname: string) => SiteRoute | undefined = routeMatcher<SiteRoute>(routes, staffAreaRoute, patternRoutes);

/** Spec paths that differ from a table entry only by letter case (both are served by the same entry). */
export const pathAliases: Readonly<Record<string, string>> = { '/Proyecto-Puentes': '/proyecto-puentes' };
