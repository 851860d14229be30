import type { StaffRole } from './staff-roles';

/**
 * The foundation's panel under /equipo. The shell owns the area (its layout, navigation and sign-in guard); each domain
 * remote exposes its own staff screens (Module Federation expose `./<Screen>`), declares their routes in its manifest
 * (`remote-<name>/manifest/staff-routes.ts`) and serves their API under `/api/<domain>/staff/`; the composition root
 * (`site/staff-routes.ts`) makes the panel's table of them. Screens receive the path's parameters as string props.
 */
export interface StaffRoute<Owner extends string = string, Screen extends string = string> {
  /** `/equipo/...` with `:name` segments, matched case-sensitively (radicados and ids are exact). */
  pattern: string;
  owner: Owner;
  screen: Screen;
  title: string;
  /** Shown in the panel's navigation under this label (the first route of a section). */
  nav?: string;
  /** The roles that see it (any of them): the same its API routes declare, which refuse everyone else anyway. */
  roles: readonly StaffRole[];
}

export const STAFF_BASE = '/equipo';

/** The sections of the panel a member with `roles` sees, in the navigation's order (the table's). */
export const staffSectionsFor = <R extends StaffRoute>(table: readonly R[], roles: readonly StaffRole[]): R[] =>
  table.filter((r) => r.nav && r.roles.some((role) => roles.includes(role)));

/** Where /equipo itself leads a member with `roles`: their first section (the team's page for an admin only). */
export const staffHomeFor = (table: readonly StaffRoute[], roles: readonly StaffRole[]): string =>
  staffSectionsFor(table, roles)[0]?.pattern ?? '/equipo/miembros';

/** Whether a pathname belongs to the panel (never indexed, never in the sitemap). */
export function isStaffPath(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return p === STAFF_BASE || p.startsWith(`${STAFF_BASE}/`);
}

/**
 * The route of `table` a pathname is, with its parameters (URL-decoded), or undefined. A fixed segment wins over a
 * parameter whatever the table's order (`/equipo/pqrsf/informe` is never the case `:radicado` "informe"): of the
 * routes that match, the one with the fewest parameters.
 */
export function matchStaffRoute<R extends StaffRoute>(
  table: readonly R[],
  pathname: string,
): { route: R; params: Record<string, string> } | undefined {
  let best: { route: R; params: Record<string, string> } | undefined;
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const route of table) {
    const pattern = route.pattern.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const want = pattern[i] ?? '';
      const got = parts[i] ?? '';
      if (want.startsWith(':')) {
        try {
          params[want.slice(1)] = decodeURIComponent(got);
        } catch {
          ok = false;
        }
        ok &&= got.length > 0;
      } else ok = want.toLowerCase() === got.toLowerCase();
    }
    if (ok && (!best || Object.keys(params).length < Object.keys(best.params).length)) best = { route, params };
  }
  return best;
}

/** A path inside the panel, with its parameters encoded. */
export function staffPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([a-z]+)/gi, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
