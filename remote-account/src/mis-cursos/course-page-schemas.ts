import { z } from 'shared/schemas/zod';
import { coursePageTexts } from './course-page-texts';

/** Mis Cursos's course page (#31): one enrolment's course as its owner sees it (GET /api/account/enrollments/:id/curso). */

/** Where a module of the course stands for this student. */
export const moduleStates = ['por_iniciar', 'en_curso', 'completado', 'no_incluido'] as const;
export type ModuleState = (typeof moduleStates)[number];

export const moduleStateLabels: Record<ModuleState, string> = {
  por_iniciar: 'Por iniciar',
  en_curso: 'En curso',
  completado: 'Completado',
  no_incluido: 'No incluido en esta inscripción',
};

export const coursePageSchema = z.object({
  id: z.string(),
  course_name: z.string(),
  module_name: z.string(),
  enrollment_status: z.string(),
  /** YYYY-MM-DD (Bogotá); null for an enrolment from before cohorts. */
  start_date: z.nullable(z.string()),
  /** YYYY-MM-DD (Bogotá); null while the team has not set it. */
  end_date: z.nullable(z.string()),
  /** The schedule worded; null without a cohort. */
  schedule: z.nullable(z.string()),
  /** The weekly classes when the team set them: Spanish day names, HH:MM (Bogotá). */
  weekly: z.nullable(z.object({ days: z.array(z.string()), start: z.string(), end: z.string() })),
  /** How to join: an https link and/or a place; null while not set. */
  join_url: z.nullable(z.string()),
  join_place: z.nullable(z.string()),
  modules: z.array(
    z.object({
      number: z.number(),
      name: z.string(),
      state: z.enum(moduleStates),
      /** What the staff attached to the module (only a module this enrolment covers, while it is active). */
      materials: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          kind: z.enum(['file', 'link']),
          /** A link's https address; null for a file (downloaded through `material`). */
          url: z.nullable(z.string()),
          file_name: z.nullable(z.string()),
          file_kind: z.nullable(z.string()),
          file_size: z.nullable(z.number()),
        }),
      ),
    }),
  ),
  /** Whether "Añadir a mi calendario" has a calendar to give. */
  calendar_available: z.boolean(),
});
export type CoursePage = z.output<typeof coursePageSchema>;

/** An enrolment's reference in an address of Mis Cursos: a malformed one reads as an unknown one (same words). */
export const enrolmentReferenceParam = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: coursePageTexts.notFound }),
    z.maxLength(64, { error: coursePageTexts.notFound }),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: coursePageTexts.notFound }),
  );
/** A material of the course: the enrolment's reference and the material's id. */
export const materialParamsSchema = z.object({
  id: enrolmentReferenceParam,
  material: z
    .string()
    .check(
      z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: 'No encontramos ese material en tu curso.' }),
    ),
});

/** An enrolment's reference in the address (/mis-cursos/<reference>). */
export const coursePageParamsSchema = z.object({ id: enrolmentReferenceParam });
