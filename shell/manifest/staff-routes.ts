import { allStaffRoles, type StaffRole } from 'shared/staff-roles';

const workingRoles: readonly StaffRole[] = allStaffRoles.filter((r) => r !== 'admin');
import type { StaffRoute } from 'shared/staff-routes';

/** The panel's screens the shell renders itself (shell/src/staff/shell-staff-screens.ts): those that span domains. */
export type ShellStaffScreen = 'StaffToday' | 'StaffPayments' | 'StaffFoundation' | 'StaffBlog' | 'StaffAbout';

/**
 * The shell's pages in the panel (#27): data only, like a domain's. They span the domains, so no one domain owns them:
 * "Hoy" asks every domain the composition lists (site/staff-routes.ts `todayDomains`), the payments review lists the
 * payables every domain declares (`payables`).
 */
export const shellStaffRoutes: readonly StaffRoute<'shell', ShellStaffScreen>[] = [
  // The panel's home (#28): members land here; each domain answers the items of the member's roles. Administration alone
  // acts on nothing that waits (the team and the audit), so a member who only administers lands on the team.
  { pattern: '/equipo/hoy', owner: 'shell', screen: 'StaffToday', title: 'Hoy', nav: 'Hoy', roles: workingRoles },
  { pattern: '/equipo/pagos', owner: 'shell', screen: 'StaffPayments', title: 'Pagos por revisar', nav: 'Pagos', roles: ['finanzas'] },
  // The foundation's data (#28): who it is before the tax authority and its visitors; Administración keeps it.
  {
    pattern: '/equipo/fundacion',
    owner: 'shell',
    screen: 'StaffFoundation',
    title: 'Datos de la fundación',
    nav: 'Datos de la fundación',
    roles: ['admin'],
  },
  // The blog (#28): Contenido writes, previews, schedules and publishes the posts.
  { pattern: '/equipo/blog', owner: 'shell', screen: 'StaffBlog', title: 'Blog', nav: 'Blog', roles: ['contenido'] },
  // The About page's texts (#28), same role.
  {
    pattern: '/equipo/nosotros',
    owner: 'shell',
    screen: 'StaffAbout',
    title: 'Página Nosotros',
    nav: 'Página Nosotros',
    roles: ['contenido'],
  },
];
