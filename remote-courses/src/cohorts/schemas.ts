import { MAX_TEXT, requiredText } from 'shared/schemas/common';
import { z } from 'shared/schemas/zod';
import { classDays, timeOfDayPattern } from '../../manifest/class-schedule';
import { publicCohortTexts } from './public-schemas';

// What every visitor's pages need (the next open cohort, the texts) lives in public-schemas.ts so the course and
// enrolment pages do not download the staff's cohort schemas (#33); re-exported here for the rest.
export {
  nextCohortsResponseSchema,
  publicCohortTexts,
  publicCohortSchema,
  type NextCohortsResponse,
  type PublicCohort,
} from './public-schemas';

/**
 * Course cohorts (#14): the public "next open cohort" of each course (`GET /api/courses/cohorts`) and the staff's
 * cohort management (`/api/courses/staff/cohorts...`). Dates are Bogotá calendar dates, YYYY-MM-DD.
 */

export const courseSlugs = ['desarrollo-software', 'ofimatica-basica', 'marketing-digital'] as const;
export const cohortStatuses = ['open', 'closed'] as const;
export type CohortStatus = (typeof cohortStatuses)[number];

export const cohortTexts = {
  ...publicCohortTexts,
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
  // The course page (#31): weekly classes and how to join.
  classDaysInvalid: 'Elige los días de clase de la lista.',
  timeInvalid: 'Escribe la hora como HH:MM (24 horas), por ejemplo 19:00.',
  classesIncomplete: 'Para el horario semanal indica los días, la hora de inicio y la hora de finalización (o deja los tres vacíos).',
  classEndBeforeStart: 'La hora de finalización debe ser posterior a la hora de inicio.',
  joinUrlInvalid: 'Escribe un enlace completo que empiece por https://, sin espacios.',
  joinPlaceInvalid: 'Escribe la dirección en una sola línea, de máximo 300 caracteres.',
} as const;

const isoDate = z.string({ error: cohortTexts.dateRequired }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: cohortTexts.dateRequired }),
  z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: cohortTexts.dateRequired,
  }),
);

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
  /** The weekly classes (#31): days as iCalendar codes, start and end HH:MM in Bogotá time; empty / null while not set. */
  class_days: z.array(z.enum(classDays)),
  class_start: z.nullable(z.string()),
  class_end: z.nullable(z.string()),
  /** How to join (#31): an https link, or a place; null while not set. */
  join_url: z.nullable(z.string()),
  join_place: z.nullable(z.string()),
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

/** HH:MM or empty (not set: null). */
const timeOfDay = z.optional(
  z.nullable(
    z.pipe(
      z.union([
        z.literal(''),
        z.string({ error: cohortTexts.timeInvalid }).check(z.regex(timeOfDayPattern, { error: cohortTexts.timeInvalid })),
      ]),
      z.transform((v) => v || null),
    ),
  ),
);

/**
 * An https address as people paste a meeting link; empty: none. Refused: spaces, credentials, a backslash (browsers
 * read `https://a.com\@b.com` as host a.com while the text shows b.com), an IP address, and a host name outside ASCII
 * (a look-alike of a known one, as `gооgle.com` with Cyrillic o's: URL keeps it as punycode `xn--`).
 */
export function isJoinUrl(value: string): boolean {
  if (!/^https:\/\/[^\s\\]+$/i.test(value) || value.length > 500) return false;
  try {
    const url = new URL(value);
    const host = url.hostname;
    return (
      url.protocol === 'https:' &&
      host.includes('.') &&
      url.username === '' &&
      url.password === '' &&
      !/^[\d.]+$/.test(host) &&
      !host.startsWith('[') &&
      !host.split('.').some((label) => label.startsWith('xn--'))
    );
  } catch {
    return false;
  }
}

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
  /** The weekly classes (#31); all three or none (checked with the others by the server). Left out of an update: unchanged. */
  class_days: z.optional(
    z.array(z.enum(classDays, { error: cohortTexts.classDaysInvalid })).check(z.maxLength(7, { error: cohortTexts.classDaysInvalid })),
  ),
  class_start: timeOfDay,
  class_end: timeOfDay,
  /** How to join online: an https link; empty or null: none. Left out of an update: unchanged. */
  join_url: z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: cohortTexts.joinUrlInvalid }).check(
          z.trim(),
          z.refine((v) => v === '' || isJoinUrl(v), { error: cohortTexts.joinUrlInvalid }),
        ),
        z.transform((v) => v || null),
      ),
    ),
  ),
  /** How to join in person: the place's address, one line; empty or null: none. Left out of an update: unchanged. */
  join_place: z.optional(
    z.nullable(
      z.pipe(
        z
          .string({ error: cohortTexts.joinPlaceInvalid })
          .check(
            z.trim(),
            z.maxLength(300, { error: cohortTexts.joinPlaceInvalid }),
            z.regex(/^[^\r\n]*$/, { error: cohortTexts.joinPlaceInvalid }),
          ),
        z.transform((v) => v || null),
      ),
    ),
  ),
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
