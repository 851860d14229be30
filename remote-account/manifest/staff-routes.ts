import type { StaffRoute } from 'shared/staff-routes';

/** The account remote's panel screens (Module Federation expose `./<Screen>`). */
export type AccountStaffScreen = 'StaffMembers' | 'StaffAudit' | 'StaffDataRequests' | 'StaffDataRequest';

/**
 * The panel's door: the sign-in with password and authenticator code, and the member's session for every page. No route:
 * the shell's staff area loads it around every page of the panel (site/staff-routes `staffGate`).
 */
export const accountStaffGate = { owner: 'account', screen: 'StaffGate' } as const;

/** The account domain's pages in the panel (#27): data only. The panel's table (site/staff-routes.ts) composes them. */
export const accountStaffRoutes: readonly StaffRoute<'account', AccountStaffScreen>[] = [
  {
    pattern: '/equipo/datos-personales',
    owner: 'account',
    screen: 'StaffDataRequests',
    title: 'Solicitudes sobre datos personales',
    nav: 'Datos personales',
    roles: ['datos'],
  },
  {
    pattern: '/equipo/datos-personales/:radicado',
    owner: 'account',
    screen: 'StaffDataRequest',
    title: 'Solicitud sobre datos personales',
    roles: ['datos'],
  },
  { pattern: '/equipo/miembros', owner: 'account', screen: 'StaffMembers', title: 'Equipo', nav: 'Equipo', roles: ['admin'] },
  { pattern: '/equipo/auditoria', owner: 'account', screen: 'StaffAudit', title: 'Auditoría', nav: 'Auditoría', roles: ['admin'] },
];
