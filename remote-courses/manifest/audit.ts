import type { AuditLabels } from 'shared/server/audit-labels';

/** How the audit log names the courses domain's actions (cohorts, enrolments, their payments) and records (#27). */
export const coursesAudit: AuditLabels = {
  kinds: {
    'courses.cohort': 'Cohortes de los cursos',
    'courses.enrolment': 'Inscripciones',
    'courses.payment': 'Pagos de cursos',
    'courses.export': 'Exportaciones de inscripciones',
  },
  actions: {
    'courses.enrolment.read': 'Consultó inscripciones',
    'courses.payment.read': 'Consultó pagos de cursos por revisar',
    'courses.cohort.create': 'Creó una cohorte',
    'courses.cohort.update': 'Cambió una cohorte (fechas, horario, cupos o estado)',
    'courses.enrolment.complete': 'Marcó una inscripción como completada',
    'courses.enrolment.resend': 'Reenvió el comprobante de una inscripción',
    'courses.export': 'Exportó inscripciones a CSV',
    'courses.payment.reconcile': 'Revisó a mano los pagos pendientes de cursos',
    'courses.payment.review': 'Marcó como revisada una diferencia en un pago de curso',
  },
  entities: { cohort: 'Cohorte', enrolment: 'Inscripción', payment: 'Pago' },
};
