import { defineOperation } from 'shared/api/operation';
import { cohortParamsSchema } from './schemas';
import {
  cohortMessagePreviewRequestSchema,
  cohortMessagePreviewResponseSchema,
  cohortMessageRequestSchema,
  cohortMessageResponseSchema,
} from './message-schemas';

/** Who runs the courses: the cohorts' scope. */
const cursos = ['cursos'] as const;

/** A message to a cohort by e-mail (#31), declared once: server/messages.ts registers them. */
export const cohortMessageOperations = {
  /** The e-mail as one enrolled student gets it, and how many will get it (reads a student's name: audited). */
  previewCohortMessage: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/cohorts/:id/mensajes/vista-previa',
    params: cohortParamsSchema,
    body: cohortMessagePreviewRequestSchema,
    response: cohortMessagePreviewResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Vista previa de un mensaje a una cohorte, como lo recibe un estudiante; queda en la auditoría',
  }),
  /** Sends it once to each ENROLLED student of the cohort; the same message id never sends again (audited, 429 past the day's limit). */
  sendCohortMessage: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/cohorts/:id/mensajes',
    params: cohortParamsSchema,
    body: cohortMessageRequestSchema,
    response: cohortMessageResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Enviar un mensaje por correo a los estudiantes inscritos de una cohorte, una vez; queda en la auditoría',
  }),
};
