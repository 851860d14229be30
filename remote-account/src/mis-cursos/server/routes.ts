import type { FastifyPluginAsync } from 'fastify';
import { site } from 'shared/foundation/site';
import { fullNameMax, isPrintableName } from 'shared/schemas/common';
import type { ApiContext } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import { courseCatalogueService, courseEnrolmentsService, type CourseEnrolment, type CourseInvoice } from 'shared/server/services';
import { ApiError } from 'shared/server/http';
import { requireUser } from 'shared/server/identity';
import { bearerSecurity, route } from 'shared/server/operation-routes';
import { paymentDiscrepancy } from 'shared/server/payments/apply';
import { claimMatches } from 'shared/server/payments/claim';
import { accountFromPaymentOperation } from 'shared/payments/account-from-payment-operations';
import { renderMail } from 'shared/server/mail-template';
import { accountOperations as ops } from '../operations';
import { enrolmentCertificate } from './certificate';
import { temporaryPassword, type AccountDirectory } from './directory';

export const texts = {
  notFound: 'No encontramos esa inscripción entre tus cursos.',
  notPaid: 'La constancia está disponible cuando el pago de la inscripción está aprobado.',
  nameUnprintable: (email: string) =>
    `No podemos expedir la constancia con el nombre registrado en la inscripción: tiene números, enlaces u otros signos que un nombre no lleva. Escríbenos a ${email} con tu nombre completo y tu documento, y te la expedimos.`,
  paymentNotVerified: 'No pudimos verificar un pago aprobado para esta inscripción.',
  alreadyCreated: 'La cuenta de esta inscripción ya fue creada. Inicia sesión con tu correo.',
  accountExists: 'Ya existe una cuenta con este correo. Inicia sesión para ver tus cursos.',
  emailRequired: 'Email requerido para crear la cuenta',
  providerDown: 'No pudimos crear tu cuenta en este momento. Intenta de nuevo en unos minutos.',
  invoiceNotIssued: 'Tu factura electrónica aún está en trámite ante la DIAN. Intenta de nuevo más tarde.',
  creditNoteNotIssued: 'La nota crédito de esta inscripción aún está en trámite ante la DIAN. Intenta de nuevo más tarde.',
  invoicePdfUnavailable: 'No pudimos traer el PDF en este momento. Intenta de nuevo en unos minutos.',
  notThisBrowser:
    'Por tu seguridad, la cuenta solo se crea en el navegador donde hiciste el pago. Revisa tu correo: allí te explicamos cómo crear tu cuenta con ese mismo correo.',
};

/** What Mis Cursos shows of an issued invoice or credit note (#30). */
const shownDocument = (d: CourseInvoice | undefined) =>
  d ? { number: d.number, cufe: d.cufe, issued_at: new Date(d.issuedAt).toISOString() } : null;
/** A document number as part of a file name (DIAN's are letters and digits; anything else would not belong in a header). */
const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
/** Paid, completed, or refunded (#31): a refunded course stays, shown as such, instead of vanishing from the list. */
const isListed = (e: Pick<CourseEnrolment, 'payment_status' | 'enrollment_status'>) =>
  ['approved', 'refunded'].includes(e.payment_status.toLowerCase()) || e.enrollment_status === 'COMPLETED';

/**
 * Mis Cursos, enrolment certificates, and the account opened after a verified payment. The signed-in user always comes
 * from a verified ID token (never from the body or query); the payment always comes from the provider.
 */
export function accountRoutes(directory: () => AccountDirectory): FastifyPluginAsync<ApiContext> {
  return async (app, ctx) => {
    // The courses domain's enrolments, through its service (#27): never its table.
    const {
      readCourseEnrolments,
      tieCourseEnrolment,
      readCourseInvoices,
      readInvoicesInProgress,
      courseInvoicePdf,
      completionCertificatePdf,
    } = ctx.domains.services.get(courseEnrolmentsService);
    // The courses on offer, which Mis Cursos links to when the visitor has none: the courses domain's catalogue, through
    // its service (called per answer: a plugin takes a service when it registers, but may not use it then).
    const catalogue = ctx.domains.services.get(courseCatalogueService);
    route(
      app,
      ops.enrollments,
      async (request) => {
        const user = await requireUser(ctx.identity, request);
        const rows = (await readCourseEnrolments(ctx.db, { owner: user })).filter(isListed);
        // Each sale's electronic invoice and credit note once DIAN validated them (#30), from the courses domain.
        const documents = await readCourseInvoices(
          ctx.db,
          rows.map((e) => e.reference),
        );
        const inProgress = new Set(
          await readInvoicesInProgress(
            ctx.db,
            rows.map((e) => e.reference),
          ),
        );
        const documentOf = (reference: string, kind: CourseInvoice['kind']) =>
          shownDocument(documents.find((d) => d.reference === reference && d.kind === kind));
        return {
          enrollments: rows.map((e) => ({
            id: e.reference,
            course_id: e.course_name,
            course_name: e.course_title,
            module_name: e.module_name,
            student_name: e.student_name,
            student_lastname: e.student_lastname,
            payment_status: e.payment_status,
            enrollment_status: e.enrollment_status,
            created_at: new Date(e.created_at).toISOString(),
            payment_date: iso(e.date_approved ?? e.payment_date),
            transaction_amount: e.price,
            certificate_available: e.payment_status.toLowerCase() === 'approved',
            start_date: e.cohort_start_date,
            invoice: documentOf(e.reference, 'invoice'),
            credit_note: documentOf(e.reference, 'credit_note'),
            invoice_in_progress: inProgress.has(e.reference),
          })),
          courses: catalogue.links().map(({ title, url }) => ({ title, url })),
        };
      },
      { security: bearerSecurity },
    );

    route(
      app,
      ops.certificate,
      async (request, reply) => {
        const user = await requireUser(ctx.identity, request);
        const [enrolment] = await readCourseEnrolments(ctx.db, { owner: user, reference: request.params.id });
        if (!enrolment) throw new ApiError(404, 'not_found', texts.notFound);
        if (enrolment.payment_status.toLowerCase() !== 'approved') throw new ApiError(409, 'not_paid', texts.notPaid);
        // An enrolment stored before names had a rule is not certified with a name that is not one.
        if (!isPrintableName(enrolment.full_name, 'person', fullNameMax(4)))
          throw new ApiError(409, 'name_unprintable', texts.nameUnprintable(site.contact.email));
        // A completed course gets its completion certificate (#31), issued and drawn by the courses domain, instead of
        // the constancia of enrolment; one whose completion was undone has none and gets the constancia again.
        if (enrolment.enrollment_status === 'COMPLETED') {
          const completion = await completionCertificatePdf(ctx, enrolment.reference);
          if (completion)
            return reply
              .type('application/pdf')
              .header('cache-control', 'private, no-store')
              .header('content-disposition', `attachment; filename="certificado-${fileSafe(completion.number)}.pdf"`)
              .send(Buffer.from(completion.pdf));
        }
        const pdf = await enrolmentCertificate({
          reference: enrolment.reference,
          fullName: enrolment.full_name,
          idType: enrolment.id_type,
          idNumber: enrolment.id_number,
          courseTitle: enrolment.course_title,
          moduleName: enrolment.module_name,
          amount: enrolment.price,
          paymentId: enrolment.payment_id,
          paymentDate: enrolment.date_approved ? new Date(enrolment.date_approved) : null,
          issuedAt: new Date(),
        });
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="constancia-${enrolment.reference}.pdf"`)
          .send(Buffer.from(pdf));
      },
      { security: bearerSecurity },
    );

    route(
      app,
      ops.invoice,
      async (request, reply) => {
        const user = await requireUser(ctx.identity, request);
        // Only the owner's enrolment, exactly as the constancia: another person's reference is not found.
        const [enrolment] = await readCourseEnrolments(ctx.db, { owner: user, reference: request.params.id });
        if (!enrolment) throw new ApiError(404, 'not_found', texts.notFound);
        const kind = request.query.tipo === 'nota' ? 'credit_note' : 'invoice';
        const issued = (await readCourseInvoices(ctx.db, [enrolment.reference])).find((d) => d.kind === kind);
        if (!issued) throw new ApiError(409, 'not_issued', kind === 'invoice' ? texts.invoiceNotIssued : texts.creditNoteNotIssued);
        const pdf = await courseInvoicePdf(ctx, enrolment.reference, kind);
        if (!pdf) throw new ApiError(503, 'invoice_pdf_unavailable', texts.invoicePdfUnavailable);
        const name = `${kind === 'invoice' ? 'factura' : 'nota-credito'}-${fileSafe(issued.number)}.pdf`;
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(Buffer.from(pdf));
      },
      { security: bearerSecurity },
    );

    route(
      app,
      accountFromPaymentOperation,
      async (request) => {
        const { payment_id: paymentId, external_reference: reference, claim_secret: secret } = request.body;
        // Credentials only for the browser that started this checkout: the return URL's ids are not enough (they sit in
        // history and shared links). Anyone else gets nothing, and the receipt e-mail tells the student how to sign up.
        const [enrolment] = await readCourseEnrolments(ctx.db, { reference });
        if (!enrolment || !claimMatches(enrolment.claim_hash, secret)) throw new ApiError(403, 'claim_required', texts.notThisBrowser);
        // The provider is the only judge: this payment exists, is approved, and belongs to this enrolment.
        let payment;
        try {
          payment = await ctx.payments.getPayment(paymentId);
        } catch {
          throw new ApiError(502, 'payment_provider_error', texts.providerDown);
        }
        if (
          !payment ||
          payment.status !== 'approved' ||
          payment.external_reference !== reference ||
          paymentDiscrepancy(enrolment.price, payment) !== null
        )
          throw new ApiError(404, 'payment_not_verified', texts.paymentNotVerified);
        // Paid while signed in: the account already exists and the enrolment is tied to it.
        if (enrolment.user_sub) throw new ApiError(409, 'already_created', texts.alreadyCreated);
        const email = enrolment.email.trim().toLowerCase();
        if (!email) throw new ApiError(400, 'email_required', texts.emailRequired);

        // One account per enrolment, even when the success page is reloaded or two tabs race.
        const claimed = await ctx.db
          .insertInto('account.payment_accounts')
          .values({ enrolment_reference: reference, payment_id: paymentId, email })
          .onConflict((oc) => oc.column('enrolment_reference').doNothing())
          .returning('enrolment_reference')
          .executeTakeFirst();
        if (!claimed) throw new ApiError(409, 'already_created', texts.alreadyCreated);

        const password = temporaryPassword();
        let created;
        try {
          created = await directory().createUser({
            email,
            // The provider's `name` is printed in greetings and the panel: the enrolment's name only when it is one.
            name: isPrintableName(enrolment.full_name, 'person', fullNameMax(4)) ? enrolment.full_name.trim() : 'Usuario',
            phone: enrolment.phone_number,
            identityType: enrolment.id_type || 'Cédula de ciudadanía',
            identityNumber: enrolment.id_number,
            temporaryPassword: password,
          });
        } catch (err) {
          // Release the claim so the visitor can try again; nothing was created.
          await ctx.db.deleteFrom('account.payment_accounts').where('enrolment_reference', '=', reference).execute();
          request.log.warn({ err: (err as Error).name }, 'account creation failed');
          throw new ApiError(502, 'identity_provider_error', texts.providerDown);
        }
        if (created === 'exists') {
          await ctx.db
            .updateTable('account.payment_accounts')
            .set({ outcome: 'existing' })
            .where('enrolment_reference', '=', reference)
            .execute();
          throw new ApiError(409, 'account_exists', texts.accountExists);
        }
        await ctx.db
          .updateTable('account.payment_accounts')
          .set({ outcome: 'created', user_sub: created.sub })
          .where('enrolment_reference', '=', reference)
          .execute();
        await tieCourseEnrolment(ctx.db, reference, { email, sub: created.sub });
        await ctx.mailer.send(
          renderMail({
            to: email,
            subject: 'Bienvenido: tu cuenta está lista',
            greeting: isPrintableName(enrolment.student_name) ? `Hola, ${enrolment.student_name.trim()}:` : 'Hola:',
            paragraphs: [
              `Con tu inscripción en ${enrolment.course_title} creamos una cuenta para que sigas tus cursos en Mis Cursos.`,
              'Ingresa con este correo y la contraseña temporal que te mostramos al terminar el pago. Al entrar te pediremos una nueva.',
              // Cognito refuses a password reset while the temporary password was never replaced: people are sent to us.
              `Por tu seguridad no enviamos la contraseña por correo. Si no la guardaste, escríbenos a ${site.contact.email} desde este correo y te ayudaremos a recuperar el acceso.`,
            ],
            action: { label: 'Iniciar sesión', url: `${ctx.settings.publicOrigin}/login`, public: true },
          }),
        );
        return { email, temporary_password: password };
      },
      { config: publicWrite(ctx.settings) },
    );
  };
}
