import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { currentCourses, enrolmentOptions, priceModule } from '../../../manifest/catalogue';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import { recordConsent } from 'shared/server/consents';
import { currentPrivacyPolicy } from 'shared/legal/privacy-policy';
import { manualEnrolmentConsent } from '../../../manifest/consent';
import { ApiError } from 'shared/server/http';
import { route } from 'shared/server/operation-routes';
import { registerStaffRoutes, staffOf } from 'shared/server/staff-guard';
import { fullName } from '../../enrolment/schemas';
import { manualEnrolmentOperations as ops } from '../manual-operations';
import { amountOf, authorizationChannelOf, manualEnrolmentTexts as texts, noteOf } from '../manual-schemas';
import { claimSeatIn, openCohortsWithSeats } from './cohort-seats';
import { courseReceiptMail } from '../../payments/server/payments';
import { enqueueInvoice, invoicingOf, type ReceiptInvoice } from '../../invoicing/server/outbox';
import { moveRoutes } from './move';

/**
 * Manual enrolments (#31), under /api/courses/staff/enrolments/manual…: the team enrols a student with a scholarship
 * or a payment received outside the site (a bank transfer, cash at the office). The enrolment is stored as 'Inscrito'
 * with its payment settled (`approved`, without a provider's payment: reconciliation, which asks the provider only about
 * checkouts, never touches it), so its seat counts as taken, Mis Cursos lists it for the account of its e-mail (a
 * verified address matches, as for a paid one), and the completion certificate works as for a paid one. Its origin
 * (`manual_kind`, the reason or reference, the amount, who) is kept beside it, and the ledger shows it instead of a payment.
 */

/** A public enrolment id of the same shape as a form's (the ledger's links and the audit name it). */
const newReference = () => `ENR-${randomBytes(12).toString('base64url')}`;

export const manualEnrolmentRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  await registerStaffRoutes(app, ctx, { roles: ['cursos'] }, async (staff) => {
    staff.addHook('onSend', async (_request, reply) => {
      // Students' personal data: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
    });

    route(staff, ops.manualEnrolmentOptions, async () => ({
      courses: currentCourses().map((c) => ({ slug: c.slug, title: c.title, modules: enrolmentOptions(c) })),
      cohorts: await openCohortsWithSeats(ctx.db, new Date()),
    }));

    route(staff, ops.createManualEnrolment, async (request) => {
      const body = request.body;
      const who = staffOf(request);
      const now = new Date();
      // The module as the catalogue has it now (its title and name); the price is what the team received, not the list's.
      const priced = priceModule(body.course_name, body.module_name);
      if (!priced) throw new ApiError(400, 'validation_error', texts.moduleUnavailable, { module_name: texts.moduleUnavailable });
      const scholarship = body.kind === 'scholarship';
      const amount = scholarship ? 0 : (amountOf(body.amount) ?? 0);
      const note = noteOf(body);
      const reference = newReference();
      const enrolment = await ctx.db.transaction().execute(async (trx) => {
        const cohort = await claimSeatIn(trx, body.cohort_id, body.course_name, now);
        const row = await trx
          .insertInto('courses.enrolments')
          .values({
            reference,
            course_name: body.course_name,
            module_name: body.module_name,
            course_title: priced.course.title,
            price: amount,
            student_name: body.student_name,
            student_name_second: body.student_name_second ?? null,
            student_lastname: body.student_lastname,
            student_second_lastname: body.student_second_lastname ?? null,
            full_name: fullName(body),
            id_type: body.id_type,
            id_number: body.id_number,
            phone_number: body.phone_number,
            email: body.email,
            profession: body.profession,
            education: body.education,
            // The student did not tick the site's terms: the team entered their data.
            has_terms: false,
            enrollment_status: 'ENROLLED',
            // Settled, without a provider's payment (no payment id, no checkout): see the module's comment.
            payment_status: 'approved',
            date_approved: now,
            cohort_id: cohort.id,
            cohort_start_date: cohort.start_date,
            manual_kind: body.kind,
            manual_note: note,
            manual_amount: amount,
            manual_by: who.email,
            // How the money came, as a provider's payment type is kept (its label, its invoice's payment means).
            payment_type: scholarship ? null : (body.payment_means ?? null),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // The student's authorization, as the team collected it: its proof with the enrolment or neither (Decreto 1377
        // art. 7), the text the panel showed the member (the current version), and how it was given.
        await recordConsent(trx, {
          form: manualEnrolmentConsent,
          version: currentPrivacyPolicy.id,
          recordTable: 'courses.enrolments',
          recordRef: reference,
          email: body.email,
          channel: authorizationChannelOf(body),
        });
        await recordAudit(trx, who, {
          action: 'courses.enrolment.manual',
          entity: 'enrolment',
          entityId: reference,
          // As the undoing of a completion keeps its reason: why the scholarship, or which payment.
          detail: {
            tipo: body.kind,
            curso: body.course_name,
            cohorte: cohort.id,
            autorizacion: authorizationChannelOf(body),
            ...(scholarship ? { motivo: note } : { referencia: note, valor: amount }),
          },
        });
        return row;
      });
      // Money received is a sale: its electronic invoice (#30) goes to the outbox as a paid one's does (the outbox's sweep
      // would find it too); a scholarship sold nothing.
      let invoice: ReceiptInvoice | null = null;
      const registered = invoicingOf(ctx.db);
      if (registered && amount > 0) {
        await enqueueInvoice(ctx.db, registered.invoicing.config, reference);
        registered.invoicing.nudge?.();
        invoice = 'follows';
      }
      // The access e-mail a paying student gets, once the enrolment is committed.
      await ctx.mailer.send(courseReceiptMail(ctx, enrolment, { id: scholarship ? '' : note, status: 'approved' }, invoice));
      await ctx.db.updateTable('courses.enrolments').set({ receipt_sent_at: new Date() }).where('reference', '=', reference).execute();
      return { reference, sentTo: enrolment.email };
    });

    await moveRoutes(staff, ctx);
  });
};
