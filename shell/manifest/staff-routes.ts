import type { StaffRoute } from 'shared/staff-routes';

/** The panel's screens the shell renders itself (shell/src/staff/shell-staff-screens.ts): those that span domains. */
export type ShellStaffScreen = 'StaffPayments';

/**
 * The shell's pages in the panel (#27): data only, like a domain's. The payments review lists the payables every domain
 * declares (site/staff-routes.ts `payables`), so no one domain owns it.
 */
export const shellStaffRoutes: readonly StaffRoute<'shell', ShellStaffScreen>[] = [
  { pattern: '/equipo/pagos', owner: 'shell', screen: 'StaffPayments', title: 'Pagos por revisar', nav: 'Pagos', roles: ['finanzas'] },
];
