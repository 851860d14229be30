import { sql, type Selectable } from 'kysely';
import type { VerifiedUser } from './api-contract';
import type { Database, SiteDb } from './database';

/**
 * What other domains may read and change of the courses domain's enrolments (the account API: Mis Cursos, certificates,
 * the account opened after a payment). One place, so the courses domain can see every use of its table by others, and
 * the columns are declared once (remote-courses/api/tables.ts), not copied into each reader.
 */

/** The columns other domains read of an enrolment. */
const readColumns = [
  'reference',
  'course_name',
  'course_title',
  'module_name',
  'price',
  'student_name',
  'student_lastname',
  'full_name',
  'id_type',
  'id_number',
  'phone_number',
  'email',
  'payment_status',
  'enrollment_status',
  'payment_id',
  'payment_date',
  'date_approved',
  'created_at',
  'user_sub',
  'claim_hash',
  // The start date (YYYY-MM-DD) of the enrolment's cohort, null before cohorts (#14).
  'cohort_start_date',
] as const;

/** An enrolment as other domains read it. */
export type CourseEnrolment = Pick<Selectable<Database['courses.enrolments']>, (typeof readColumns)[number]>;

/**
 * Enrolments newest first: the one with `reference`, or a user's — those tied to the account, and those made with the
 * address only when the identity provider verified it (a code or link sent to it), never on the address alone — or
 * that user's one with `reference`.
 */
export function readCourseEnrolments(
  db: SiteDb,
  by: { reference: string; owner?: VerifiedUser } | { owner: VerifiedUser; reference?: string },
): Promise<CourseEnrolment[]> {
  const { owner, reference } = by;
  return db
    .selectFrom('courses.enrolments')
    .select(readColumns)
    .$if(owner !== undefined, (qb) =>
      qb.where((eb) =>
        owner?.emailVerified
          ? eb.or([eb(sql`lower(email)`, '=', owner.email), eb(sql`lower(user_email)`, '=', owner.email), eb('user_sub', '=', owner.sub)])
          : eb('user_sub', '=', owner?.sub ?? ''),
      ),
    )
    .$if(reference !== undefined, (qb) => qb.where('reference', '=', reference ?? ''))
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ties an enrolment to the account just opened for it (after a verified payment, from the paying browser). */
export async function tieCourseEnrolment(db: SiteDb, reference: string, account: { email: string; sub: string | null }): Promise<void> {
  await db
    .updateTable('courses.enrolments')
    .set({ user_email: account.email, user_sub: account.sub })
    .where('reference', '=', reference)
    .execute();
}
