import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { courseBySlug, currentCourses, enrolmentOptions } from '../../../manifest/catalogue';
import { colombianDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import {
  enrolmentStatusLabel,
  enrolmentStatuses,
  ledgerTexts,
  type EnrolmentExportQuery,
  type EnrolmentFilter,
  type EnrolmentListResponse,
  type EnrolmentRecordResponse,
} from '../schemas';
import { LEDGER_PAGE_SIZE, paymentStatusDetailLabel, paymentTypeLabel } from 'shared/payments/ledger';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import { formatBogotaIsoDateTime, type CsvColumn } from 'shared/server/csv';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { route } from 'shared/server/operation-routes';
import {
  isoOf,
  ledgerConditions,
  ledgerConflict,
  paymentOf,
  readLedgerList,
  readLedgerRows,
  readPaymentTrail,
  registerLedgerExport,
  registerLedgerRecord,
  type LedgerSource,
} from 'shared/server/payments/ledger';
import { pathParam, registerStaffRoutes, staffOf, staffRead } from 'shared/server/staff-guard';
import { enrolmentsStaffOperations as ops } from '../operations';
import { manualOriginLabel } from '../manual-schemas';
import { cohortDate } from '../../cohorts/server/seats';
import { courseReceiptMail } from '../../payments/server/payments';
import { invoiceForResend } from '../../invoicing/server/outbox';
import { certificateTexts, verificationUrl, type StaffCertificate } from '../../certificates/schemas';
import { issueCompletionCertificate, voidCompletionCertificate } from '../../certificates/server/issuing';
import { completionCertificatePdfOf, readValidCertificate } from '../../../manifest/completion-certificate';

/**
 * The staff's ledger of enrolments (#14), under /api/courses/staff/enrolments…: newest first by course, cohort,
 * module, enrolment and payment status with an accent-blind search (POST, so names never travel in a URL), counts, one
 * enrolment with every status its payment went through, the 'Completado' mark, the receipt sent again, and the CSV.
 * Every query is built from constant column names; a request's text only ever reaches SQL as a bound value.
 */

/** A receipt is sent again at most once in this time (a double click, a second tab). */
export const RESEND_COOLDOWN_MS = 5 * 60_000;

interface ListRow {
  id: number;
  reference: string;
  created_at: Date;
  full_name: string;
  email: string;
  id_type: string;
  id_number: string;
  course_name: string;
  course_title: string;
  module_name: string;
  cohort_start_date: string | null;
  price: number;
  enrollment_status: string;
  payment_status: string;
  manual_kind: string | null;
  manual_note: string | null;
  payment_id: string | null;
  payment_type: string | null;
  status_detail: string | null;
  date_approved: Date | null;
}

/** The enrolments as the ledger kit reads them. */
const ledger: LedgerSource<EnrolmentFilter> = {
  table: 'courses.enrolments',
  columns: `t.id, t.reference, t.created_at, t.full_name, t.email, t.id_type, t.id_number, t.course_name, t.course_title,
    t.module_name, t.cohort_start_date, t.price, t.enrollment_status, t.payment_status, t.manual_kind, t.manual_note,
    t.payment_id, t.payment_type, t.status_detail, t.date_approved`,
  where: (filter) => [
    ...(filter.curso ? [sql`t.course_name = ${filter.curso}`] : []),
    ...(filter.modulo ? [sql`t.module_name = ${filter.modulo}`] : []),
    ...(filter.cohorte ? [sql`t.cohort_id = ${filter.cohorte}`] : []),
    ...(filter.estado ? [sql`t.enrollment_status = ${filter.estado}`] : []),
    ...(filter.pago ? [sql`t.payment_status = ${filter.pago}`] : []),
  ],
};

const readPage = (db: SiteDb, filter: EnrolmentFilter, limit: number, before?: number) =>
  readLedgerRows<ListRow, EnrolmentFilter>(db, ledger, filter, limit, before);

/** How many match, per enrolment status (the status filter aside), and in all (with it). */
async function countRows(db: SiteDb, filter: EnrolmentFilter): Promise<{ total: number; byStatus: Record<string, number> }> {
  const result = await sql<{ status: string; n: number }>`
    select t.enrollment_status as status, count(*)::int as n from courses.enrolments as t
    where ${ledgerConditions(ledger, { ...filter, estado: undefined })}
    group by t.enrollment_status`.execute(db);
  const byStatus: Record<string, number> = Object.fromEntries(Object.keys(enrolmentStatuses).map((s) => [s, 0]));
  for (const row of result.rows) byStatus[row.status] = Number(row.n);
  const total = filter.estado ? (byStatus[filter.estado] ?? 0) : Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { total, byStatus };
}

/** An unknown course is a mistake in the request, not an empty list. */
function checkFilter(filter: EnrolmentFilter): void {
  if (filter.curso && !courseBySlug(filter.curso))
    throw new ApiError(400, 'validation_error', 'Revisa los datos enviados: hay campos con errores.', { curso: ledgerTexts.courseInvalid });
}

async function readCertificates(db: SiteDb, reference: string, publicOrigin: string): Promise<StaffCertificate[]> {
  const rows = await db
    .selectFrom('courses.completion_certificates')
    .select(['number', 'verification_code', 'completed_on', 'issued_at', 'issued_by', 'voided_at', 'voided_by', 'void_reason'])
    .where('enrolment_reference', '=', reference)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((c) => ({
    number: c.number,
    verificationUrl: verificationUrl(publicOrigin, c.verification_code),
    completedOn: c.completed_on,
    issuedAt: isoOf(c.issued_at) ?? '',
    issuedBy: c.issued_by,
    voided: c.voided_at ? { at: isoOf(c.voided_at) ?? '', by: c.voided_by ?? '', reason: c.void_reason ?? '' } : null,
  }));
}

async function readRecord(db: SiteDb, reference: string, publicOrigin: string): Promise<EnrolmentRecordResponse | undefined> {
  const e = await db.selectFrom('courses.enrolments').selectAll().where('reference', '=', reference).executeTakeFirst();
  if (!e) return undefined;
  const trail = await readPaymentTrail(db, { events: 'courses.payment_events', discrepancies: 'courses.payment_discrepancies' }, reference);
  return {
    reference: e.reference,
    createdAt: isoOf(e.created_at) ?? '',
    course: e.course_name,
    courseTitle: e.course_title,
    module: e.module_name,
    price: e.price,
    cohort: e.cohort_id !== null && e.cohort_start_date ? { id: e.cohort_id, startDate: e.cohort_start_date } : null,
    student: {
      name: e.student_name,
      secondName: e.student_name_second,
      lastname: e.student_lastname,
      secondLastname: e.student_second_lastname,
      fullName: e.full_name,
      idType: e.id_type,
      idNumber: e.id_number,
      phone: e.phone_number,
      email: e.email,
      profession: e.profession,
      education: e.education,
      hasTerms: e.has_terms,
    },
    enrolmentStatus: e.enrollment_status,
    payment: paymentOf(e),
    origin: manualOriginLabel(e.manual_kind, e.manual_note),
    account: e.user_email,
    completed: e.completed_at ? { at: isoOf(e.completed_at) ?? '', by: e.completed_by ?? '' } : null,
    certificates: await readCertificates(db, reference, publicOrigin),
    receiptResentAt: isoOf(e.receipt_resent_at),
    ...trail,
  };
}

/**
 * The enrolments CSV (#31): every date in one format, ISO `AAAA-MM-DD HH:mm` in Bogotá time (the start of classes,
 * a day, as `AAAA-MM-DD`), said in its header; payment method and status in words, never the provider's codes.
 */
const csvColumns: CsvColumn<ListRow>[] = [
  { header: 'Referencia', value: (r) => r.reference },
  { header: 'Fecha de inscripción (AAAA-MM-DD HH:mm, hora de Bogotá)', value: (r) => formatBogotaIsoDateTime(new Date(r.created_at)) },
  { header: 'Curso', value: (r) => r.course_title },
  { header: 'Módulo', value: (r) => r.module_name },
  { header: 'Inicio de clases (AAAA-MM-DD)', value: (r) => r.cohort_start_date },
  { header: 'Valor (COP)', value: (r) => r.price },
  { header: 'Nombre completo', value: (r) => r.full_name },
  { header: 'Tipo de documento', value: (r) => r.id_type },
  { header: 'Número de documento', value: (r) => r.id_number },
  { header: 'Correo electrónico', value: (r) => r.email },
  { header: 'Estado de la inscripción', value: (r) => enrolmentStatusLabel(r.enrollment_status) },
  { header: 'Estado del pago', value: (r) => paymentStatusDetailLabel(r.payment_status, r.status_detail) },
  { header: 'Número del pago', value: (r) => r.payment_id },
  { header: 'Medio de pago', value: (r) => (r.payment_id ? paymentTypeLabel(r.payment_type) : null) },
  {
    header: 'Fecha del pago (AAAA-MM-DD HH:mm, hora de Bogotá)',
    value: (r) => (r.date_approved ? formatBogotaIsoDateTime(new Date(r.date_approved)) : null),
  },
];

const notFound = () => new ApiError(404, 'not_found', ledgerTexts.notFound);

export const enrolmentStaffRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  await registerStaffRoutes(app, ctx, { roles: ['cursos', 'finanzas'] }, async (staff) => {
    staff.addHook('onSend', async (_request, reply) => {
      // Students' personal data: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
    });

    route(staff, ops.enrolmentOptions, async () => {
      const cohorts = await ctx.db
        .selectFrom('courses.cohorts')
        .select(['id', 'course_name', cohortDate.as('start_date'), 'schedule'])
        .orderBy('start_date', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return {
        courses: currentCourses().map((c) => ({ slug: c.slug, title: c.title, modules: enrolmentOptions(c) })),
        cohorts: cohorts.map((c) => ({
          id: c.id,
          course: c.course_name,
          startDate: c.start_date,
          label: `${formatLongDate(c.start_date)}${c.schedule ? ` · ${c.schedule}` : ''}`,
        })),
      };
    });

    route(
      staff,
      ops.enrolments,
      async (request) => {
        checkFilter(request.body);
        const { rows, nextCursor, summary } = await readLedgerList<ListRow, EnrolmentFilter, Awaited<ReturnType<typeof countRows>>>(
          ctx.db,
          ledger,
          request.body,
          LEDGER_PAGE_SIZE,
          (filter) => countRows(ctx.db, filter),
        );
        return {
          items: rows.map((r) => ({
            reference: r.reference,
            createdAt: isoOf(r.created_at) ?? '',
            name: r.full_name,
            email: r.email,
            document: `${r.id_type} ${r.id_number}`,
            course: r.course_name,
            courseTitle: r.course_title,
            module: r.module_name,
            cohortStart: r.cohort_start_date,
            price: r.price,
            enrolmentStatus: r.enrollment_status,
            paymentStatus: r.payment_status,
            origin: manualOriginLabel(r.manual_kind, r.manual_note),
          })),
          nextCursor,
          counts: summary,
        };
      },
      { config: staffRead<EnrolmentListResponse>({ action: 'courses.enrolment.read', entity: 'enrolment', count: (b) => b.items.length }) },
    );

    registerLedgerExport<EnrolmentExportQuery, ListRow>(staff, ctx.db, {
      // The ledger's CSV is the accountant's: Finanzas (Cursos follows its students on the screen), as declared.
      operation: ops.exportEnrolments,
      check: checkFilter,
      action: 'courses.export',
      entity: 'enrolments',
      filename: () => `inscripciones-${colombianDate(new Date())}.csv`,
      columns: csvColumns,
      readPage: (filter, limit, before) => readPage(ctx.db, filter, limit, before),
      count: async (filter) => (await countRows(ctx.db, filter)).total,
    });

    registerLedgerRecord<EnrolmentRecordResponse>(staff, {
      operation: ops.enrolment,
      read: { action: 'courses.enrolment.read', entity: 'enrolment' },
      readRecord: (reference) => readRecord(ctx.db, reference, ctx.settings.publicOrigin),
      notFound,
    });

    const answerRecord = async (reference: string) => {
      const record = await readRecord(ctx.db, reference, ctx.settings.publicOrigin);
      if (!record) throw notFound();
      return record;
    };

    // Cursos only, as declared: Finanzas reads the ledger but does not mark courses done.
    route(staff, ops.completeEnrolment, async (request) => {
      const { reference } = request.params;
      const who = staffOf(request);
      const now = new Date();
      await ctx.db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('courses.enrolments')
          .selectAll()
          .where('reference', '=', reference)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw notFound();
        // Marked already (a second click, a second tab): the same answer, nothing recorded or issued twice.
        if (current.enrollment_status === 'COMPLETED') return;
        if (current.enrollment_status !== 'ENROLLED' || current.payment_status !== 'approved')
          throw ledgerConflict(ledgerTexts.completeOnlyEnrolled);
        // Refused (409) before the cohort's last class; else the numbered certificate (#31).
        const certificate = await issueCompletionCertificate(trx, current, who.email, now);
        await trx
          .updateTable('courses.enrolments')
          .set({ enrollment_status: 'COMPLETED', completed_at: now, completed_by: who.email })
          .where('reference', '=', reference)
          .execute();
        await recordAudit(trx, who, {
          action: 'courses.enrolment.complete',
          entity: 'enrolment',
          entityId: reference,
          detail: { certificado: certificate.number },
        });
      });
      return answerRecord(reference);
    });

    // Undoing a completion (#31): the certificate is voided (kept), the enrolment back where it was; the reason audited.
    route(staff, ops.undoCompletion, async (request) => {
      const { reference } = request.params;
      const reason = request.body.motivo;
      const who = staffOf(request);
      const now = new Date();
      await ctx.db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('courses.enrolments')
          .select(['enrollment_status'])
          .where('reference', '=', reference)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw notFound();
        if (current.enrollment_status !== 'COMPLETED') throw ledgerConflict(certificateTexts.undoOnlyCompleted);
        const voided = await voidCompletionCertificate(trx, reference, who.email, reason, now);
        // A completion from before certificates has none to void: it goes back to 'Inscrito', where every completion came from.
        await trx
          .updateTable('courses.enrolments')
          .set({ enrollment_status: voided?.previous_status ?? 'ENROLLED', completed_at: null, completed_by: null })
          .where('reference', '=', reference)
          .execute();
        await recordAudit(trx, who, {
          action: 'courses.enrolment.uncomplete',
          entity: 'enrolment',
          entityId: reference,
          detail: { certificado: voided?.number ?? null, motivo: reason },
        });
      });
      return answerRecord(reference);
    });

    // The certificate in force as the student downloads it; the read is audited like every staff read.
    route(
      staff,
      ops.completionCertificate,
      async (request, reply) => {
        const { reference } = request.params;
        const data = await readValidCertificate(ctx.db, reference);
        if (!data) {
          const exists = await ctx.db.selectFrom('courses.enrolments').select('id').where('reference', '=', reference).executeTakeFirst();
          throw exists ? ledgerConflict(certificateTexts.noValidCertificate) : notFound();
        }
        const pdf = await completionCertificatePdfOf(data, ctx.settings.publicOrigin);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="certificado-${data.number}.pdf"`)
          .send(Buffer.from(pdf));
      },
      { config: staffRead({ action: 'courses.enrolment.certificate', entity: 'enrolment', id: pathParam('reference') }) },
    );

    route(staff, ops.resendEnrolmentReceipt, async (request) => {
      const { reference } = request.params;
      const who = staffOf(request);
      const now = new Date();
      const enrolment = await ctx.db.transaction().execute(async (trx) => {
        const e = await trx.selectFrom('courses.enrolments').selectAll().where('reference', '=', reference).forUpdate().executeTakeFirst();
        if (!e) throw notFound();
        const paid = e.payment_status === 'approved' && (e.enrollment_status === 'ENROLLED' || e.enrollment_status === 'COMPLETED');
        if (!paid || !e.payment_id) throw ledgerConflict(ledgerTexts.resendOnlyApproved);
        if (e.receipt_resent_at && now.getTime() - new Date(e.receipt_resent_at).getTime() < RESEND_COOLDOWN_MS)
          throw ledgerConflict(ledgerTexts.resendTooSoon);
        await trx.updateTable('courses.enrolments').set({ receipt_resent_at: now }).where('reference', '=', reference).execute();
        await recordAudit(trx, who, { action: 'courses.enrolment.resend', entity: 'enrolment', entityId: reference });
        return { ...e, payment_id: e.payment_id };
      });
      // Into the outbox once the claim above is committed (the outbox has its own connection); always to the address
      // on the enrolment: the panel cannot redirect a receipt elsewhere.
      // With its invoice (#30) and a new link to it: the one in the earlier e-mail stops opening it.
      const invoice = await invoiceForResend(ctx, reference);
      await ctx.mailer.send(
        courseReceiptMail(
          ctx,
          enrolment,
          { id: enrolment.payment_id, status: enrolment.payment_status, payment_type_id: enrolment.payment_type },
          invoice,
        ),
      );
      return { sentTo: enrolment.email };
    });
  });
};
