import { sql } from 'kysely';
import type { CourseEnrolment, CourseEnrolmentColumn, CourseEnrolmentsService } from 'shared/server/services';

/**
 * The courses domain's service to the others (`courseEnrolmentsService` in shared/server/services): what they may read
 * and change of its enrolments. One place, so the courses domain sees every use of its table by others, and the columns
 * are declared once (server/tables.ts), not copied into each reader. Offered by the manifest (server.ts).
 */

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
  'cohort_start_date',
] as const satisfies readonly CourseEnrolmentColumn[];

export const readCourseEnrolments: CourseEnrolmentsService['readCourseEnrolments'] = (db, by): Promise<CourseEnrolment[]> => {
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
};

export const tieCourseEnrolment: CourseEnrolmentsService['tieCourseEnrolment'] = async (db, reference, account) => {
  await db
    .updateTable('courses.enrolments')
    .set({ user_email: account.email, user_sub: account.sub })
    .where('reference', '=', reference)
    .execute();
};

export const courseEnrolments: CourseEnrolmentsService = { readCourseEnrolments, tieCourseEnrolment };
