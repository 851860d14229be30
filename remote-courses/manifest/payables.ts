import type { PayableDeclaration } from 'shared/payments/staff-operations';

/** What the courses domain is paid for (#27): a course's enrolment. The panel's payments review lists it as "Cursos". */
export const enrolmentPayable = {
  domain: 'courses',
  name: 'enrolments',
  label: 'Cursos',
  recordPage: '/equipo/inscripciones/:reference',
} as const satisfies PayableDeclaration;

export const coursesPayables: readonly PayableDeclaration[] = [enrolmentPayable];
