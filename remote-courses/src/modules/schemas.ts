import { z } from 'shared/schemas/zod';
import { visibleLength } from 'shared/schemas/common';
import { courseSlugs, isJoinUrl } from '../cohorts/schemas';

/**
 * A course's modules (#31): the materials the Cursos team attaches to each module of a course (files or https links,
 * in the order they set), which every enrolled student of the course sees on their course page, and each student's
 * modules the team records as completed, per cohort.
 */

export const TITLE_MAX = 150;
/** Largest material file: a class's slides or a workbook, not a video (a video goes as a link). */
export const MATERIAL_MAX_BYTES = 20 * 1024 * 1024;

export const moduleTexts = {
  titleRequired: `Escribe el título del material (hasta ${TITLE_MAX} caracteres, en una línea).`,
  linkInvalid: 'Escribe un enlace completo que empiece por https://, sin espacios.',
  linkOrFile: 'Adjunta un archivo o escribe un enlace (uno de los dos).',
  uploadInvalid: 'El archivo subido no es válido. Vuelve a elegirlo.',
  uploadGone: 'No encontramos el archivo subido. Vuelve a elegirlo.',
  courseInvalid: 'Curso no válido',
  moduleInvalid: 'Ese módulo no existe en el curso.',
  materialNotFound: 'No encontramos ese material.',
  cohortNotFound: 'No encontramos esa cohorte.',
  enrolmentNotInCohort: 'Esa inscripción no pertenece a esta cohorte.',
  notStarted: (startsOn: string) => `La cohorte empieza el ${startsOn}: solo desde ese día se pueden registrar módulos completados.`,
  notIncluded: 'Ese módulo no está incluido en la inscripción del estudiante.',
  notActive: 'Solo se registra el avance de un estudiante inscrito con su pago aprobado.',
  courseCompleted:
    'El curso de este estudiante está marcado como completado: deshaz primero esa finalización (en su inscripción) para cambiar sus módulos.',
} as const;
const t = moduleTexts;

const idSchema = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: t.materialNotFound }));

/** A material as the panel lists it. */
export const staffMaterialSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['file', 'link']),
  /** A link's address; null for a file. */
  url: z.nullable(z.string()),
  /** A file's cleaned name, kind (pdf, docx…) and size in bytes; null for a link. */
  file_name: z.nullable(z.string()),
  file_kind: z.nullable(z.string()),
  file_size: z.nullable(z.number()),
});
export type StaffMaterial = z.output<typeof staffMaterialSchema>;

/** GET /api/courses/staff/modulos/materiales: each course's modules with their materials, in order. */
export const staffMaterialsResponseSchema = z.object({
  courses: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      modules: z.array(z.object({ number: z.number(), name: z.string(), materials: z.array(staffMaterialSchema) })),
    }),
  ),
});
export type StaffMaterialsResponse = z.output<typeof staffMaterialsResponseSchema>;

/** POST /api/courses/staff/modulos/archivos (the file as the body): the upload to attach next. */
export const materialUploadResponseSchema = z.object({
  upload: z.string(),
  name: z.nullable(z.string()),
  kind: z.string(),
  size: z.number(),
});
export type MaterialUpload = z.output<typeof materialUploadResponseSchema>;

/** POST /api/courses/staff/modulos/materiales: a titled file (an upload's id) or an https link, at the module's end. */
export const addMaterialRequestSchema = z
  .object({
    course: z.enum(courseSlugs, { error: t.courseInvalid }),
    module: z.coerce.number({ error: t.moduleInvalid }).check(z.int({ error: t.moduleInvalid }), z.minimum(1), z.maximum(20)),
    title: z.string({ error: t.titleRequired }).check(
      z.trim(),
      z.minLength(1, { error: t.titleRequired }),
      z.maxLength(TITLE_MAX, { error: t.titleRequired }),
      z.regex(/^[^\p{Cc}]*$/u, { error: t.titleRequired }),
      z.refine((v) => visibleLength(v) >= 1, { error: t.titleRequired }),
    ),
    link: z.optional(
      z.pipe(
        z.string({ error: t.linkInvalid }).check(
          z.trim(),
          z.refine((v) => v === '' || isJoinUrl(v), { error: t.linkInvalid }),
        ),
        z.transform((v) => v || null),
      ),
    ),
    upload: z.optional(z.nullable(z.string().check(z.regex(/^([0-9a-f-]{36})?$/, { error: t.uploadInvalid })))),
  })
  .check(z.refine((b) => Boolean(b.link) !== Boolean(b.upload), { error: t.linkOrFile, path: ['link'] }));
export type AddMaterialRequest = z.input<typeof addMaterialRequestSchema>;

export const materialParamsSchema = z.object({ id: idSchema });

/** PUT …/materiales/:id/orden: one place up or down within its module. */
export const moveMaterialRequestSchema = z.object({ direction: z.enum(['up', 'down']) });

// ---- Completion per module, per cohort ----

/** One student's row of the grid. */
export const progressRowSchema = z.object({
  reference: z.string(),
  name: z.string(),
  /** One per module of the course, in order. */
  modules: z.array(z.object({ number: z.number(), included: z.boolean(), completed: z.boolean() })),
  /** The enrolment is marked 'Completado' (its certificate issued). */
  course_completed: z.boolean(),
  /** Every module it includes is completed and the course is not marked yet: the panel offers marking it. */
  all_modules_completed: z.boolean(),
});
export type ProgressRow = z.output<typeof progressRowSchema>;

/** GET /api/courses/staff/cohorts/:id/modulos: the cohort's students × the course's modules. */
export const cohortProgressResponseSchema = z.object({
  cohort: z.object({ id: z.number(), course_title: z.string(), start_date: z.string(), end_date: z.nullable(z.string()) }),
  modules: z.array(z.object({ number: z.number(), name: z.string() })),
  /** Why no module can be recorded yet (the cohort has not started); null when they can. */
  locked: z.nullable(z.string()),
  /** Why the course cannot be marked complete yet (no end date, not ended); null when it can. */
  completion_locked: z.nullable(z.string()),
  students: z.array(progressRowSchema),
});
export type CohortProgress = z.output<typeof cohortProgressResponseSchema>;

/** PUT /api/courses/staff/cohorts/:id/modulos: record (or take back) one student's module as completed. */
export const moduleCompletionRequestSchema = z.object({
  reference: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: t.enrolmentNotInCohort }),
      z.maxLength(64, { error: t.enrolmentNotInCohort }),
      z.regex(/^[A-Za-z0-9_-]+$/, { error: t.enrolmentNotInCohort }),
    ),
  module: z.int().check(z.minimum(1), z.maximum(20)),
  completed: z.boolean(),
});
export type ModuleCompletionRequest = z.input<typeof moduleCompletionRequestSchema>;
