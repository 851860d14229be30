/**
 * An enrolment's statuses (`courses.enrolments.enrollment_status`) and how people read them: a fact of the courses
 * domain's data, here so the manifest's personal-data declaration (personal-data.ts) names the values without importing
 * the remote's code. The ledger's schemas (src/enrolments/schemas.ts) take them from here.
 */
export const enrolmentStatuses = {
  PENDING: 'Pendiente de pago',
  ENROLLED: 'Inscrito',
  COMPLETED: 'Completado',
  WITHDRAWN: 'Retirado',
} as const;
export type EnrolmentStatus = keyof typeof enrolmentStatuses;
