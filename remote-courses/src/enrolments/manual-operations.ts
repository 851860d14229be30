import { defineOperation } from 'shared/api/operation';
import { referenceParamsSchema } from 'shared/payments/ledger';
import {
  editStudentRequestSchema,
  editStudentResponseSchema,
  manualEnrolmentRequestSchema,
  manualEnrolmentResponseSchema,
  manualOptionsResponseSchema,
  moveEnrolmentRequestSchema,
  moveEnrolmentResponseSchema,
  moveOptionsResponseSchema,
} from './manual-schemas';

/**
 * The staff's tools around one student (#31), declared once: server/manual.ts and server/move.ts register them with
 * `route`, the staff screens call them through the staff client. Cursos runs the enrolments: only Cursos (Finanzas reads
 * the ledger, ./operations.ts).
 */
const cursos = ['cursos'] as const;

export const manualEnrolmentOperations = {
  /** What the manual enrolment form offers: the catalogue's courses and modules, the open cohorts with seats left. */
  manualEnrolmentOptions: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/enrolments/manual/opciones',
    response: manualOptionsResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Cursos, módulos y cohortes abiertas con cupo para una inscripción manual',
  }),
  /**
   * A scholarship or a payment outside the site (201): takes a seat in the cohort (409 when full), stores the enrolment
   * as 'Inscrito' with its origin, audits it, and sends the student the access e-mail a paying student gets.
   */
  createManualEnrolment: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/enrolments/manual',
    body: manualEnrolmentRequestSchema,
    response: manualEnrolmentResponseSchema,
    status: 201,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Inscribir a mano a un estudiante (beca o pago fuera del sitio); queda en la auditoría',
  }),
  /** The other open cohorts of the enrolment's course with a free seat. */
  moveOptions: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/enrolments/:reference/grupos',
    params: referenceParamsSchema,
    response: moveOptionsResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Cohortes abiertas del mismo curso con cupo, a las que se puede cambiar una inscripción',
  }),
  /** Moves an enrolled student to another cohort of the course: the seat follows in one transaction (409 when full). */
  moveEnrolment: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/enrolments/:reference/grupo',
    params: referenceParamsSchema,
    body: moveEnrolmentRequestSchema,
    response: moveEnrolmentResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Cambiar de grupo (cohorte) a un estudiante; el cupo lo sigue; queda en la auditoría y se le avisa por correo',
  }),
  /** Corrects the student's name, document, phone or e-mail, checked as the form checks them; audited with the fields. */
  editStudent: defineOperation({
    method: 'PUT',
    path: '/api/courses/staff/enrolments/:reference/estudiante',
    params: referenceParamsSchema,
    body: editStudentRequestSchema,
    response: editStudentResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Corregir los datos del estudiante de una inscripción; queda en la auditoría qué campos cambiaron',
  }),
};
