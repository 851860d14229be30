import type { StaffRoute } from 'shared/staff-routes';

/** The courses remote's panel screens (Module Federation expose `./<Screen>`). */
export type CoursesStaffScreen =
  'StaffCohorts' | 'StaffEnrolments' | 'StaffEnrolment' | 'StaffManualEnrolment' | 'StaffCatalogue' | 'StaffInvoices' | 'StaffInvoice';

/** The courses domain's pages in the panel (#27): data only. The panel's table (site/staff-routes.ts) composes them. */
export const coursesStaffRoutes: readonly StaffRoute<'courses', CoursesStaffScreen>[] = [
  {
    pattern: '/equipo/inscripciones',
    owner: 'courses',
    screen: 'StaffEnrolments',
    title: 'Inscripciones',
    nav: 'Inscripciones',
    roles: ['cursos', 'finanzas'],
  },
  // A manual enrolment (#31: a scholarship or a payment outside the site), before the record's pattern it would match.
  {
    pattern: '/equipo/inscripciones/nueva',
    owner: 'courses',
    screen: 'StaffManualEnrolment',
    title: 'Nueva inscripción manual',
    roles: ['cursos'],
  },
  {
    pattern: '/equipo/inscripciones/:reference',
    owner: 'courses',
    screen: 'StaffEnrolment',
    title: 'Inscripción',
    roles: ['cursos', 'finanzas'],
  },
  { pattern: '/equipo/cursos', owner: 'courses', screen: 'StaffCohorts', title: 'Cursos y cohortes', nav: 'Cursos', roles: ['cursos'] },
  // The catalogue's texts and prices, published (#28).
  {
    pattern: '/equipo/catalogo',
    owner: 'courses',
    screen: 'StaffCatalogue',
    title: 'Catálogo de cursos',
    nav: 'Catálogo',
    roles: ['cursos'],
  },
  // The electronic invoices and credit notes (#30): Cursos sees them, Finanzas also corrects, resends and exports.
  {
    pattern: '/equipo/facturas',
    owner: 'courses',
    screen: 'StaffInvoices',
    title: 'Facturas electrónicas',
    nav: 'Facturas',
    roles: ['cursos', 'finanzas'],
  },
  {
    pattern: '/equipo/facturas/:id',
    owner: 'courses',
    screen: 'StaffInvoice',
    title: 'Factura electrónica',
    roles: ['cursos', 'finanzas'],
  },
];
