import { pageTitle } from './foundation/site';
import { isStaffPath } from './staff-routes';

/** Props a screen receives from its route entry: plain data, so the table stays serialisable. */
export type ScreenProps = Readonly<Record<string, string>>;

/** What every public route says, whoever renders it. */
export interface RouteFields {
  /** Path as the spec writes it; matching is exact and case-insensitive. */
  path: string;
  /** Page part of the title; undefined means the foundation's name alone. */
  title?: string;
  description: string;
  /** Canonical path, or null where the page must not be indexed as canonical. */
  canonical: string | null;
  /** Never indexed (`noindex` in the page and an `X-Robots-Tag` header): the staff panel. */
  noindex?: boolean;
  /**
   * The path itself is a credential (#29: a monthly gift's manage link): the page is sent with `Referrer-Policy:
   * no-referrer` (header and meta), so no request from it carries the address.
   */
  secretPath?: boolean;
  props?: ScreenProps;
}

/**
 * A public route (#27): its path, the app that renders it (`owner`: the shell or a remote) and the screen it shows (a
 * remote's Module Federation expose `./<Screen>`). Each app declares its own entries with its own screen names — a
 * remote in `remote-<name>/manifest/routes.ts`, the shell in `shell/manifest/routes.ts` — and the composition root
 * (`site/routes.ts`) makes the site's table of them; shared/ names no route.
 */
export type RouteEntry<Owner extends string = string, Screen extends string = string> = RouteFields & {
  owner: Owner;
  screen: Screen;
};

/**
 * Routes under a prefix whose last segment names published content (#28: `/blog/<slug>`): `resolve` gives the page's
 * fields from what is published now, or undefined for a segment that names nothing live (a 404). The entry it makes
 * has the concrete path, so the server's render cache and the head treat each page as its own.
 */
export interface PatternRoute<Owner extends string = string, Screen extends string = string> {
  /** Lower case, with its slashes: '/blog/'. */
  prefix: string;
  owner: Owner;
  screen: Screen;
  resolve: (segment: string) => Omit<RouteFields, 'path'> | undefined;
  /** The segments live now, for the sitemap (read on the server, where everything published is at hand). */
  segments: () => readonly string[];
}

/** Strip a trailing slash (but keep "/"), so "/blog/" matches "/blog". */
function normalise(pathname: string): string {
  const p = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return p.toLowerCase();
}

/**
 * Exact, case-insensitive lookup of a pathname in `table`; a path of the panel (/equipo…) gives `staffArea` when one is
 * given (the shell's area resolves the rest, see staff-routes.ts).
 */
export function routeMatcher<R extends RouteEntry>(
  table: readonly R[],
  staffArea?: R,
  patterns: readonly PatternRoute<R['owner'], R['screen']>[] = [],
): (pathname: string) => R | undefined {
  const byLowerPath = new Map(table.map((r) => [r.path.toLowerCase(), r]));
  const byPattern = (path: string): R | undefined => {
    for (const p of patterns) {
      const segment = path.startsWith(p.prefix) ? path.slice(p.prefix.length) : '';
      if (!segment || segment.includes('/')) continue;
      const fields = p.resolve(segment);
      return fields ? ({ ...fields, path, owner: p.owner, screen: p.screen } as R) : undefined;
    }
    return undefined;
  };
  return (pathname) => {
    if (staffArea && isStaffPath(pathname)) return staffArea;
    const path = normalise(pathname);
    return byLowerPath.get(path) ?? byPattern(path);
  };
}

/**
 * Entries of several apps as one list, in `order` (their keys, as the composition lists them); entries it does not list
 * follow in the order given. A key listed but declared by no app, or declared twice (letter case aside), is an error.
 */
export function inOrder<T>(entries: readonly T[], keyOf: (entry: T) => string, order: readonly string[]): T[] {
  const keys = entries.map((e) => keyOf(e).toLowerCase());
  const twice = keys.find((k, i) => keys.indexOf(k) !== i);
  if (twice) throw new Error(`La ruta ${twice} está declarada dos veces.`);
  const missing = order.find((k) => !keys.includes(k.toLowerCase()));
  if (missing) throw new Error(`Ninguna app declara la ruta ${missing}.`);
  const rank = new Map(order.map((k, i) => [k.toLowerCase(), i]));
  const rankOf = (key: string) => rank.get(key) ?? order.length;
  return entries
    .map((entry, i) => ({ entry, key: keys[i] ?? '' }))
    .sort((a, b) => rankOf(a.key) - rankOf(b.key))
    .map((e) => e.entry);
}

/** Full document title for a route (or the default title when unmatched). */
export function routeTitle(route: RouteFields | undefined): string {
  return route ? pageTitle(route.title) : pageTitle();
}

export const notFoundTitle = pageTitle('Página no encontrada');
export const notFoundMessage = 'Page not found!';
