import { accountStaffGate, accountStaffRoutes, type AccountStaffScreen } from 'remote-account/manifest/staff-routes';
import { communityStaffRoutes, type CommunityStaffScreen } from 'remote-community/manifest/staff-routes';
import { coursesStaffRoutes, type CoursesStaffScreen } from 'remote-courses/manifest/staff-routes';
import { coursesPayables } from 'remote-courses/manifest/payables';
import { givingPayables } from 'remote-giving/manifest/payables';
import { givingStaffRoutes, type GivingStaffScreen } from 'remote-giving/manifest/staff-routes';
import type { PayableDeclaration } from 'shared/payments/staff-operations';
import { inOrder } from 'shared/routes';
import type { StaffRole } from 'shared/staff-roles';
import * as staff from 'shared/staff-routes';
import { shellStaffRoutes, type ShellStaffScreen } from '../shell/manifest/staff-routes';

/**
 * The panel's pages (#27), composed from each domain's manifest: browser-safe data for the shell's staff area (its
 * navigation, guard and titles) and the tests.
 */

/** Screens each remote exposes for the panel (the Module Federation expose is `./<Screen>`), and the shell's own. */
export interface StaffScreens {
  shell: ShellStaffScreen;
  community: CommunityStaffScreen;
  account: AccountStaffScreen;
  courses: CoursesStaffScreen;
  giving: GivingStaffScreen;
}
export type StaffOwner = keyof StaffScreens;
/** A page of the panel: its screen is one its owner has. */
export type SiteStaffRoute = { [R in StaffOwner]: staff.StaffRoute<R, StaffScreens[R]> }[StaffOwner];

/** The remote screen around every page of the panel: its sign-in and the member's session (the account domain's). */
export const staffGate = accountStaffGate;

/** The panel's order: its navigation lists the sections in it. A page no line names follows, in its domain's order. */
const order = [
  '/equipo/hoy',
  '/equipo/pqrsf',
  // Fixed pages before the patterns that would take their last segment for an id.
  '/equipo/pqrsf/informe',
  '/equipo/pqrsf/:radicado',
  '/equipo/comunidad',
  '/equipo/comunidad/:kind',
  '/equipo/comunidad/:kind/:id',
  '/equipo/boletin',
  '/equipo/inscripciones',
  '/equipo/inscripciones/nueva',
  '/equipo/inscripciones/:reference',
  '/equipo/facturas',
  '/equipo/facturas/:id',
  '/equipo/donaciones',
  '/equipo/donaciones/:reference',
  '/equipo/donaciones-mensuales',
  '/equipo/donaciones-mensuales/:reference',
  '/equipo/certificados',
  '/equipo/cursos',
  '/equipo/catalogo',
  '/equipo/pagos',
  '/equipo/campana',
  '/equipo/datos-personales',
  '/equipo/datos-personales/:radicado',
  '/equipo/miembros',
  '/equipo/auditoria',
];

export const staffRoutes: readonly SiteStaffRoute[] = inOrder<SiteStaffRoute>(
  [...communityStaffRoutes, ...coursesStaffRoutes, ...givingStaffRoutes, ...accountStaffRoutes, ...shellStaffRoutes],
  (r) => r.pattern,
  order,
);

/** The sections of the panel a member with `roles` sees, in the navigation's order. */
export const staffSectionsFor = (roles: readonly StaffRole[]): SiteStaffRoute[] => staff.staffSectionsFor(staffRoutes, roles);

/** Where /equipo itself leads a member with `roles`: their first section (the team's page for an admin only). */
export const staffHomeFor = (roles: readonly StaffRole[]): string => staff.staffHomeFor(staffRoutes, roles);

/** The panel's page of a pathname and its parameters (URL-decoded), or undefined. */
export const matchStaffRoute = (pathname: string) => staff.matchStaffRoute(staffRoutes, pathname);

/** What the site is paid for, as each domain declares it: the panel's payments review (/equipo/pagos) lists them all. */
export const payables: readonly PayableDeclaration[] = [...coursesPayables, ...givingPayables];

/** A domain that answers its part of "Hoy" (`/api/<domain>/staff/hoy`), and the area's name if it cannot be reached. */
export interface TodayDomain {
  domain: string;
  label: string;
}

/** The domains "Hoy" and the menu's counters ask, in the panel's order. */
export const todayDomains: readonly TodayDomain[] = [
  { domain: 'community', label: 'Comunidad y PQRSF' },
  { domain: 'courses', label: 'Cursos' },
  { domain: 'giving', label: 'Donaciones' },
  { domain: 'account', label: 'Datos personales' },
];
