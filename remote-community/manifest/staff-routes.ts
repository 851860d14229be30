import type { StaffRoute } from 'shared/staff-routes';

/** The community remote's panel screens (Module Federation expose `./<Screen>`). */
export type CommunityStaffScreen =
  'StaffPqrsfInbox' | 'StaffPqrsfReport' | 'StaffPqrsfCase' | 'StaffCommunityInbox' | 'StaffCommunityRecord' | 'StaffNewsletter';

/** The community domain's pages in the panel (#27): data only. The panel's table (site/staff-routes.ts) composes them. */
export const communityStaffRoutes: readonly StaffRoute<'community', CommunityStaffScreen>[] = [
  { pattern: '/equipo/pqrsf', owner: 'community', screen: 'StaffPqrsfInbox', title: 'PQRSF', nav: 'PQRSF', roles: ['atencion'] },
  // Before the case: the first matching pattern wins, and ':radicado' would take 'informe'.
  {
    pattern: '/equipo/pqrsf/informe',
    owner: 'community',
    screen: 'StaffPqrsfReport',
    title: 'Informe de PQRSF',
    roles: ['atencion'],
  },
  { pattern: '/equipo/pqrsf/:radicado', owner: 'community', screen: 'StaffPqrsfCase', title: 'Caso PQRSF', roles: ['atencion'] },
  {
    pattern: '/equipo/comunidad',
    owner: 'community',
    screen: 'StaffCommunityInbox',
    title: 'Comunidad',
    nav: 'Comunidad',
    roles: ['comunidad'],
  },
  { pattern: '/equipo/comunidad/:kind', owner: 'community', screen: 'StaffCommunityInbox', title: 'Comunidad', roles: ['comunidad'] },
  {
    pattern: '/equipo/comunidad/:kind/:id',
    owner: 'community',
    screen: 'StaffCommunityRecord',
    title: 'Registro de la comunidad',
    roles: ['comunidad'],
  },
  { pattern: '/equipo/boletin', owner: 'community', screen: 'StaffNewsletter', title: 'Boletín', nav: 'Boletín', roles: ['comunidad'] },
];
