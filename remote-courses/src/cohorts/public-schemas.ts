import { z } from 'shared/schemas/zod';

/** The public side of course cohorts (#14): the texts and the next open cohort every visitor may see. */

/** What a visitor's page says about a cohort (the rest of cohortTexts, for the staff and the API, is in schemas.ts). */
export const publicCohortTexts = {
  noCohort: 'Próximamente anunciaremos la nueva fecha de inicio.',
  full: 'Esta cohorte ya no tiene cupos. Próximamente anunciaremos una nueva fecha de inicio.',
  fullShort: 'Cupos agotados',
} as const;

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
