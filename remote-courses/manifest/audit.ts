import type { AuditLabels } from 'shared/server/audit-labels';
import { publishingAudit } from 'shared/server/publishing/routes';

/** The kit's labels for the catalogue's publications (`courses.publishing.*`, #28). */
const publishing = publishingAudit('courses');

/**
 * How the audit log names the courses domain's actions (cohorts, enrolments, their payments, the catalogue's
 * publications, the electronic invoices) and records (#27, #28, #30).
 */
export const coursesAudit: AuditLabels = {
  kinds: {
    ...publishing.kinds,
    'courses.cohort': 'Cohortes de los cursos',
    'courses.enrolment': 'Inscripciones',
    'courses.payment': 'Pagos de cursos',
    'courses.export': 'Exportaciones de inscripciones',
    'courses.invoice': 'Facturas electrónicas',
    'courses.module': 'Módulos de los cursos',
  },
  actions: {
    ...publishing.actions,
    'courses.enrolment.read': 'Consultó inscripciones',
    'courses.payment.read': 'Consultó pagos de cursos por revisar',
    'courses.cohort.create': 'Creó una cohorte',
    'courses.cohort.update': 'Cambió una cohorte (fechas, horario, cupos o estado)',
    'courses.cohort.on_sale': 'Eligió la cohorte que se vende de un curso',
    'courses.cohort.message': 'Envió un mensaje por correo a los inscritos de una cohorte',
    'courses.cohort.message_preview': 'Vio la vista previa de un mensaje a una cohorte (con el nombre de un estudiante)',
    'courses.enrolment.complete': 'Marcó una inscripción como completada (expidió su certificado de finalización)',
    'courses.enrolment.uncomplete': 'Deshizo la finalización de una inscripción (anuló su certificado, con motivo)',
    'courses.enrolment.certificate': 'Descargó el certificado de finalización de una inscripción',
    'courses.enrolment.resend': 'Reenvió el comprobante de una inscripción',
    'courses.enrolment.manual': 'Inscribió a mano a un estudiante (beca o pago fuera del sitio)',
    'courses.enrolment.move': 'Cambió de grupo (cohorte) a un estudiante',
    'courses.enrolment.edit': 'Corrigió los datos de un estudiante (qué campos, sin sus valores)',
    'courses.enrolment.refund': 'Reembolsó el pago de una inscripción (total o parcial, con motivo)',
    'courses.enrolment.refund.refused': 'Pidió un reembolso que el proveedor de pagos rechazó (nada se devolvió)',
    'courses.enrolment.refunds.read': 'Consultó los reembolsos de una inscripción',
    'courses.export': 'Exportó inscripciones a CSV',
    'courses.payment.reconcile': 'Revisó a mano los pagos pendientes de cursos',
    'courses.payment.review': 'Marcó como revisada una diferencia en un pago de curso',
    'courses.module.material_add': 'Adjuntó un material a un módulo de un curso (archivo o enlace)',
    'courses.module.material_move': 'Cambió el orden de los materiales de un módulo',
    'courses.module.material_remove': 'Retiró un material de un módulo',
    'courses.module.progress_read': 'Consultó el avance por módulo de los estudiantes de una cohorte',
    'courses.enrolment.module_complete': 'Registró un módulo como completado por un estudiante',
    'courses.enrolment.module_uncomplete': 'Quitó el registro de un módulo completado por un estudiante',
    'courses.invoice.read': 'Consultó facturas electrónicas',
    'courses.invoice.retry': 'Reenvió una factura electrónica (corrigiendo el comprador o no)',
    'courses.invoice.export': 'Exportó facturas electrónicas a CSV',
  },
  entities: {
    ...publishing.entities,
    cohort: 'Cohorte',
    enrolment: 'Inscripción',
    payment: 'Pago',
    invoice: 'Factura electrónica',
    invoices: 'Facturas electrónicas',
    module_material: 'Material de un módulo',
  },
};
