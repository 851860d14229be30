import { defineOperation } from 'shared/api/operation';
import { cohortParamsSchema } from '../cohorts/schemas';
import {
  addMaterialRequestSchema,
  cohortProgressResponseSchema,
  materialParamsSchema,
  materialUploadResponseSchema,
  moduleCompletionRequestSchema,
  moveMaterialRequestSchema,
  staffMaterialsResponseSchema,
} from './schemas';

/** Who runs the courses: the modules' materials and the students' progress. */
const cursos = ['cursos'] as const;

/** The modules' materials and progress (#31), declared once: server/materials.ts and server/progress.ts register them. */
export const moduleOperations = {
  /** Each course's modules with their materials (no personal data). */
  materials: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/modulos/materiales',
    response: staffMaterialsResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Materiales de cada módulo de los cursos',
  }),
  /** A material's file (the body; PDF, image or Office document, 20 MB at most, its kind read from its bytes), to attach next. */
  uploadMaterial: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/modulos/archivos',
    response: materialUploadResponseSchema,
    status: 201,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Subir el archivo de un material (PDF, imagen, Word, Excel o PowerPoint, hasta 20 MB)',
  }),
  /** Attaches a titled file (an upload) or an https link at the end of a module (audited). */
  addMaterial: defineOperation({
    method: 'POST',
    path: '/api/courses/staff/modulos/materiales',
    body: addMaterialRequestSchema,
    response: staffMaterialsResponseSchema,
    status: 201,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Adjuntar un material (archivo o enlace) a un módulo; queda en la auditoría',
  }),
  /** Moves a material one place up or down within its module (audited). */
  moveMaterial: defineOperation({
    method: 'PUT',
    path: '/api/courses/staff/modulos/materiales/:id/orden',
    params: materialParamsSchema,
    body: moveMaterialRequestSchema,
    response: staffMaterialsResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Subir o bajar un material dentro de su módulo',
  }),
  /** Removes a material (its file too): the students no longer see or download it (audited). */
  removeMaterial: defineOperation({
    method: 'DELETE',
    path: '/api/courses/staff/modulos/materiales/:id',
    params: materialParamsSchema,
    response: staffMaterialsResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Retirar un material de un módulo',
  }),
  /** The cohort's students × the course's modules, completed or not (names: audited). */
  cohortProgress: defineOperation({
    method: 'GET',
    path: '/api/courses/staff/cohorts/:id/modulos',
    params: cohortParamsSchema,
    response: cohortProgressResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Avance por módulo de los estudiantes de una cohorte',
  }),
  /** Records (or takes back) one student's module as completed, from the cohort's start (audited). */
  setModuleCompletion: defineOperation({
    method: 'PUT',
    path: '/api/courses/staff/cohorts/:id/modulos',
    params: cohortParamsSchema,
    body: moduleCompletionRequestSchema,
    response: cohortProgressResponseSchema,
    roles: cursos,
    tags: ['courses-staff'],
    summary: 'Registrar un módulo como completado por un estudiante (o quitar el registro); queda en la auditoría',
  }),
};
