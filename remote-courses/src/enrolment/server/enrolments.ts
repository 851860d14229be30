import { currentPrivacyPolicy } from 'shared/legal/privacy-policy';
import { recordConsent } from 'shared/server/consents';
import { enrolmentConsent } from '../../../manifest/consent';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { priceModule } from '../../../manifest/catalogue';
import { fullName } from '../schemas';
import type { ApiContext } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import { rejectHoneypot } from 'shared/server/form-guards';
import { ApiError } from 'shared/server/http';
import { optionalUser } from 'shared/server/identity';
import { createCheckout } from 'shared/server/payments/checkout';
import { claimMatches, issueClaim } from 'shared/server/payments/claim';
import { route } from 'shared/server/operation-routes';
import { coursesOperations as ops } from '../operations';
import { holdSeat, seatHoldLimits } from '../../cohorts/server/seats';
import { apiTexts } from './texts';

/** A public enrolment id that fits the provider's external_reference (letters, digits, '-', '_'; ≤ 64). */
const newReference = () => `ENR-${randomBytes(12).toString('base64url')}`;

/**
 * Enrolment (lead) and course checkout: the server decides the amount from the catalogue published when the enrolment is
 * created, stores it with the enrolment, and every checkout of that enrolment charges that stored amount.
 */
export const enrolmentRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  route(
    app,
    ops.createLead,
    async (request) => {
      const e = request.body;
      // A signed-in student's enrolment is tied to their account (spec §6), from the verified token only.
      const user = await optionalUser(ctx.identity, request);
      const priced = priceModule(e.course_name, e.module_name);
      if (!priced) throw new ApiError(400, 'validation_error', apiTexts.moduleUnavailable, { module_name: apiTexts.moduleUnavailable });
      const reference = newReference();
      // Only this browser gets the secret: checkout, status checks and the account after payment need it.
      const claim = issueClaim();
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('courses.enrolments')
          .values({
            reference,
            course_name: e.course_name,
            module_name: e.module_name,
            course_title: priced.course.title,
            price: priced.price,
            student_name: e.student_name,
            student_name_second: e.student_name_second ?? null,
            student_lastname: e.student_lastname,
            student_second_lastname: e.student_second_lastname ?? null,
            full_name: fullName(e),
            id_type: e.id_type,
            id_number: e.id_number,
            phone_number: e.phone_number,
            email: e.email,
            profession: e.profession,
            education: e.education,
            has_terms: e.has_terms,
            // The invoice's company buyer (#30), as typed (trimmed): both or neither, the NIT with its check digit.
            buyer_nit: e.buyer_nit ?? null,
            buyer_business_name: e.buyer_business_name ?? null,
            user_email: user?.email ?? null,
            user_sub: user?.sub ?? null,
            claim_hash: claim.hash,
          })
          .execute();
        // The consent line's proof (has_terms), with the enrolment or not at all (#15).
        await recordConsent(trx, {
          form: enrolmentConsent,
          version: e.privacy_policy_version ?? currentPrivacyPolicy.id,
          recordTable: 'courses.enrolments',
          recordRef: reference,
          email: e.email,
        });
      });
      return { success: true as const, id: reference, payment_status: 'processing...', claim_secret: claim.secret };
    },
    // The site's write limit and the honeypot refused before validation, as every public form's POST.
    { config: publicWrite(ctx.settings), preValidation: rejectHoneypot },
  );

  route(
    app,
    ops.checkout,
    async (request) => {
      const enrolment = await ctx.db
        .selectFrom('courses.enrolments')
        .selectAll()
        .where('reference', '=', request.body.enrollment_id)
        .executeTakeFirst();
      // A guessed or shared enrolment id is not enough: the browser that filled the form holds its claim secret.
      // The enrolment's account tie was decided when it was created and is never changed here.
      if (!enrolment || !claimMatches(enrolment.claim_hash, request.body.claim_secret))
        throw new ApiError(404, 'not_found', apiTexts.enrolmentNotFound);
      if (enrolment.payment_status === 'approved') throw new ApiError(409, 'already_paid', apiTexts.alreadyPaid);
      // The price is the one the enrolment was created with (the catalogue's when the form was sent), never the
      // catalogue's now: a publication between the form and a checkout opened again must not change what this person
      // is charged, and the payment is compared with this stored price (coursePayables.amountOf).
      const title = `${enrolment.course_title} – ${enrolment.module_name}`;
      if (!enrolment.module_name) throw new ApiError(400, 'missing_data', 'Faltan datos requeridos: module_name');
      if (!Number.isInteger(enrolment.price) || enrolment.price <= 0)
        throw new ApiError(400, 'invalid_price', 'El precio del curso no es válido');
      // The description names the course as published now (texts only; the price above is the enrolment's).
      const description =
        priceModule(enrolment.course_name, enrolment.module_name)?.description ??
        `Inscripción a ${enrolment.module_name} del curso ${enrolment.course_title}.`;
      // A seat in the course's next open cohort, held while the checkout is open (409 before any provider call if full;
      // 429 when this e-mail or this client already holds too many seats without paying, pending payments included).
      const seat = await holdSeat(ctx.db, enrolment, new Date(), request.ip, seatHoldLimits(ctx.settings));
      const preference = await createCheckout(ctx, request.log, {
        domain: 'courses',
        table: 'courses.enrolments',
        reference: enrolment.reference,
        item: {
          id: `${enrolment.course_name}:${enrolment.module_name}`.slice(0, 250),
          title,
          description,
          unitPrice: enrolment.price,
        },
        payer: { name: enrolment.full_name, email: enrolment.email, phone: enrolment.phone_number },
        returnPaths: { success: '/pago/exitoso', failure: '/pago/error', pending: '/pago/pendiente' },
        // The provider's checkout must not outlive the seat it was opened for.
        expiresAt: seat.heldUntil,
      }).catch(async (err: unknown) => {
        // No checkout, no hold: the seat goes back at once instead of when the hold would have expired.
        await ctx.db
          .updateTable('courses.enrolments')
          .set({ seat_held_until: null, seat_hold_client: null })
          .where('reference', '=', enrolment.reference)
          .execute();
        throw err;
      });
      return { success: true as const, message: 'Preferencia creada', ...preference, title, price: enrolment.price };
    },
    { config: publicWrite(ctx.settings) },
  );
};
