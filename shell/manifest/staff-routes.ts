import { allStaffRoles } from 'shared/staff-roles';
import type { StaffRoute } from 'shared/staff-routes';

/** The panel's screens the shell renders itself (shell/src/staff/shell-staff-screens.ts): those that span domains. */
export type ShellStaffScreen = 'StaffToday' | 'StaffPayments';

/**
 * The shell's pages in the panel (#27): data only, like a domain's. They span the domains, so no one domain owns them:
 * "Hoy" asks every domain the composition lists (site/staff-routes.ts `todayDomains`), the payments review lists the
 * payables every domain declares (`payables`).
 */
export const shellStaffRoutes: readonly StaffRoute<'shell', ShellStaffScreen>[] = [
  // The panel's home (#28): every member lands here; each domain answers the items of the member's roles.
  { pattern: '/equipo/hoy', owner: 'shell', screen: 'StaffToday', title: 'Hoy', nav: 'Hoy', roles: allStaffRoles },
  { pattern: '/equipo/pagos', owner: 'shell', screen: 'StaffPayments', title: 'Pagos por revisar', nav: 'Pagos', roles: ['finanzas'] },
];
