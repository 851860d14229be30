import { sql } from 'kysely';
import { readAll } from 'shared/server/objects/object-store';
import { completionCertificatePdf } from './completion-certificate';
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

/** Issued documents only (#30): a pending, rejected or still issuing one has no number or CUFE the buyer could use. */
export const readCourseInvoices: CourseEnrolmentsService['readCourseInvoices'] = async (db, references) => {
  if (references.length === 0) return [];
  const rows = await db
    .selectFrom('courses.invoices')
    .select(['enrolment_reference', 'kind', 'number', 'cufe', 'issued_at'])
    .where('enrolment_reference', 'in', references)
    .where('state', '=', 'issued')
    .orderBy('id')
    .execute();
  return rows.flatMap((r) =>
    r.number && r.cufe && r.issued_at
      ? [{ reference: r.enrolment_reference, kind: r.kind, number: r.number, cufe: r.cufe, issuedAt: new Date(r.issued_at) }]
      : [],
  );
};

export const readInvoicesInProgress: CourseEnrolmentsService['readInvoicesInProgress'] = async (db, references) => {
  if (references.length === 0) return [];
  const rows = await db
    .selectFrom('courses.invoices')
    .select('enrolment_reference')
    .where('enrolment_reference', 'in', references)
    .where('kind', '=', 'invoice')
    .where('state', '<>', 'issued')
    .execute();
  return rows.map((r) => r.enrolment_reference);
};

/**
 * The issued document's PDF as the outbox kept it with the site's files (src/invoicing/server/outbox.ts `invoicePdf`,
 * which a manifest may not import): read here from the object store, so it serves in any process, the account's own
 * container included. One not kept yet (the provider did not hand it over when it was issued) answers null.
 */
export const courseInvoicePdf: CourseEnrolmentsService['courseInvoicePdf'] = async (ctx, reference, kind) => {
  const row = await ctx.db
    .selectFrom('courses.invoices')
    .select(['state', 'pdf_key'])
    .where('enrolment_reference', '=', reference)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (row?.state !== 'issued' || !row.pdf_key) return null;
  const stored = await ctx.objects.get(row.pdf_key);
  return stored ? readAll(stored.body) : null;
};

export const courseEnrolments: CourseEnrolmentsService = {
  readCourseEnrolments,
  tieCourseEnrolment,
  readCourseInvoices,
  readInvoicesInProgress,
  courseInvoicePdf,
  completionCertificatePdf,
};
