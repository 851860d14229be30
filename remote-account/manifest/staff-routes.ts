import type { StaffRoute } from 'shared/staff-routes';

/**
 * The account remote's panel screens (Module Federation expose `./<Screen>`). Its `StaffGate` — the panel's sign-in,
 * which the shell's staff area loads around every page — is no route.
 */
export type AccountStaffScreen = 'StaffMembers' | 'StaffAudit' | 'StaffDataRequests' | 'StaffDataRequest';

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
