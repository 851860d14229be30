import { MAX_TEXT, requiredText } from 'shared/schemas/common';
import { z } from 'shared/schemas/zod';

/**
 * Course cohorts (#14): the public "next open cohort" of each course (`GET /api/courses/cohorts`) and the staff's
 * cohort management (`/api/courses/staff/cohorts...`). Dates are Bogotá calendar dates, YYYY-MM-DD.
 */

export const courseSlugs = ['desarrollo-software', 'ofimatica-basica', 'marketing-digital'] as const;
export const cohortStatuses = ['open', 'closed'] as const;
export type CohortStatus = (typeof cohortStatuses)[number];

export const cohortTexts = {
  noCohort: 'Próximamente anunciaremos la nueva fecha de inicio.',
  full: 'Esta cohorte ya no tiene cupos. Próximamente anunciaremos una nueva fecha de inicio.',
  fullShort: 'Cupos agotados',
  dateRequired: 'Escribe la fecha de inicio como AAAA-MM-DD.',
  datePast: 'La fecha de inicio no puede ser anterior a hoy.',
  dateTooFar: 'La fecha de inicio debe estar dentro de los próximos dos años.',
  scheduleRequired: 'Escribe el horario de la cohorte.',
  capacityInvalid: 'El cupo debe ser un número entero mayor que 0.',
  capacityBelowTaken: (taken: number) => `El cupo no puede ser menor que los cupos ya ocupados (${taken}).`,
  tooManyHolds:
    'Ya tienes varios cupos apartados con pagos sin terminar (también los de PSE o Efecty que aún no has pagado). Termina uno de esos pagos o espera a que venza su plazo para apartar otro.',
  courseInvalid: 'Curso no válido',
  cohortNotFound: 'No encontramos esa cohorte.',
  endDateInvalid: 'Escribe la fecha de finalización como AAAA-MM-DD, o déjala vacía si aún no la conoces.',
  endBeforeStart: 'La fecha de finalización no puede ser anterior a la fecha de inicio.',
  onSaleRefused: 'Solo se puede poner a la venta una cohorte abierta, que no haya empezado y con cupos disponibles.',
} as const;

const isoDate = z.string({ error: cohortTexts.dateRequired }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: cohortTexts.dateRequired }),
  z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: cohortTexts.dateRequired,
  }),
);

/** A course's next open cohort as every visitor may see it: no personal data. */
export const publicCohortSchema = z.object({
  id: z.int(),
  start_date: z.string(),
  schedule: z.string(),
  seats_left: z.int(),
  full: z.boolean(),
});
export type PublicCohort = z.output<typeof publicCohortSchema>;

/** GET /api/courses/cohorts: per course slug, its next open cohort (null when none is announced). */
export const nextCohortsResponseSchema = z.object({
  courses: z.record(z.string(), z.nullable(publicCohortSchema)),
});
export type NextCohortsResponse = z.output<typeof nextCohortsResponseSchema>;

/** A cohort as the staff see it, with its seats. */
export const staffCohortSchema = z.object({
  id: z.int(),
  course_name: z.string(),
  start_date: z.string(),
  schedule: z.string(),
  capacity: z.int(),
  status: z.enum(cohortStatuses),
  access_instructions: z.string(),
  /** The last class (#31): before it no enrolment of the cohort can be marked complete; null while not set. */
  end_date: z.nullable(z.string()),
  reminder_sent_at: z.nullable(z.string()),
  /** Paid or with a payment under way (pending, in process). */
  seats_taken: z.int(),
  /** Held by an open checkout that has not expired. */
  seats_held: z.int(),
  seats_left: z.int(),
  /** The staff chose it as the one its course sells (#28). */
  on_sale: z.boolean(),
  /** The one its course sells now: the chosen one while it can be sold, else the earliest open one. */
  selling: z.boolean(),
});
export type StaffCohort = z.output<typeof staffCohortSchema>;

/** GET /api/courses/staff/cohorts. */
export const staffCohortsResponseSchema = z.object({ cohorts: z.array(staffCohortSchema) });
export type StaffCohortsResponse = z.output<typeof staffCohortsResponseSchema>;

const cohortFields = {
  start_date: isoDate,
  schedule: requiredText(cohortTexts.scheduleRequired, 200),
  capacity: z.coerce
    .number({ error: cohortTexts.capacityInvalid })
    .check(
      z.int({ error: cohortTexts.capacityInvalid }),
      z.minimum(1, { error: cohortTexts.capacityInvalid }),
      z.maximum(10_000, { error: cohortTexts.capacityInvalid }),
    ),
  status: z._default(z.enum(cohortStatuses), 'open'),
  /** The last class (#31), YYYY-MM-DD; empty or null: not known yet. Left out of an update: unchanged. */
  end_date: z.optional(
    z.nullable(
      z.pipe(
        z.union([
          z.literal(''),
          z.string({ error: cohortTexts.endDateInvalid }).check(
            z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: cohortTexts.endDateInvalid }),
            z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
              error: cohortTexts.endDateInvalid,
            }),
          ),
        ]),
        z.transform((v) => v || null),
      ),
    ),
  ),
  access_instructions: z._default(z.string().check(z.trim(), z.maxLength(MAX_TEXT)), ''),
};

/** POST /api/courses/staff/cohorts. */
export const createCohortRequestSchema = z.object({
  course_name: z.enum(courseSlugs, { error: cohortTexts.courseInvalid }),
  ...cohortFields,
});
export type CreateCohortRequest = z.input<typeof createCohortRequestSchema>;

/** PUT /api/courses/staff/cohorts/:id (every editable field; the course does not change). */
export const updateCohortRequestSchema = z.object(cohortFields);
export type UpdateCohortRequest = z.input<typeof updateCohortRequestSchema>;

export const cohortParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });
export type CohortParams = z.output<typeof cohortParamsSchema>;

/** PUT /api/courses/staff/cohorts/:id/venta: put the cohort on sale (true) or go back to the earliest open one (false). */
export const cohortOnSaleRequestSchema = z.object({ on_sale: z.boolean() });
export type CohortOnSaleRequest = z.input<typeof cohortOnSaleRequestSchema>;

/** The created or updated cohort. */
export const cohortResponseSchema = z.object({ cohort: staffCohortSchema });
export type CohortResponse = z.output<typeof cohortResponseSchema>;
