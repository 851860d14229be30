import type { SiteDb } from 'shared/server/database';
import { currentPrivacyPolicy } from 'shared/legal/privacy-policy';
import { donationPayable } from '../../../manifest/payables';
import { recordConsent } from 'shared/server/consents';
import { donationConsent } from '../../../manifest/consent';
import { donationSettings } from '../../../manifest/documents';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { site } from 'shared/foundation/site';
import { formatCOP } from 'shared/format/money';
import { donationTexts, resolveDonationAmount } from '../schemas';
import type { DonationPaymentStatusResponse } from '../status-schemas';
import type { ApiContext } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import { rejectHoneypot } from 'shared/server/form-guards';
import { ApiError } from 'shared/server/http';
import { renderMail, type MailDetail } from 'shared/server/mail-template';
import { createCheckout } from 'shared/server/payments/checkout';
import { issueClaim } from 'shared/server/payments/claim';
import { isReversal } from 'shared/server/payments/reversals';
import { issueCertificateLink, voidCertificatesOf } from '../../certificates/server/issuing';
import { printableDonor } from '../../certificates/server/rules';
import { domainPayable, paymentRoutes, type PaymentRoutesOptions } from 'shared/server/payments/routes';
import { route } from 'shared/server/operation-routes';
import { donationOperations } from '../operations';
import { donationBoundsNow } from './donation-bounds';
import type { PaymentStatusResponse } from 'shared/payments/schemas';
import type { Selectable } from 'kysely';
import type { Database } from 'shared/server/database';
import type { ProviderPayment } from 'shared/server/payments/provider';

/** What the result pages' status check tells the paying browser of its donation. */
type DonationReceipt = Omit<DonationPaymentStatusResponse, keyof PaymentStatusResponse>;

/** Donations per e-mail and hour before a card-testing pause. */
const PER_EMAIL_PER_HOUR = 5;

/** The donation's title on the checkout and the receipt, with the foundation's published name. */
export const donationTitle = () => `Donación a ${site.name}`;

/**
 * A donation in one round trip: the server decides the amount, stores the contributor (so no donor is lost),
 * then creates the checkout and answers where to pay.
 */
export const contributionRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  route(
    app,
    donationOperations.contribute,
    async (request) => {
      const body = request.body;
      // The bounds and presets published at this moment (#28): the browser's copy of them is never trusted.
      const amount = resolveDonationAmount(body, donationBoundsNow(ctx.settings.donationBounds));
      if (!amount.ok) throw new ApiError(400, 'invalid_amount', amount.message, { donation_amount: amount.message });
      await refuseOverHourlyLimit(ctx.db, 'giving.contributions', body.email, PER_EMAIL_PER_HOUR, () => {
        request.log.warn({ reason: 'per-email limit' }, 'donation refused');
        return new ApiError(429, 'rate_limited', donationTexts.tooManyForEmail);
      });
      const reference = `DON-${randomBytes(12).toString('base64url')}`;
      // Only this browser gets the secret: the result pages' status check needs it.
      const claim = issueClaim();
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('giving.contributions')
          .values({
            reference,
            contributor_name: body.contributor_name,
            contributor_lastname: body.contributor_lastname,
            id_type: body.id_type,
            id_number: body.id_number,
            email: body.email,
            phone_number: body.phone_number,
            donation_amount: amount.amount,
            claim_hash: claim.hash,
          })
          .execute();
        // The donor's authorization, stored with the donation or not at all (#15).
        await recordConsent(trx, {
          form: donationConsent,
          version: body.privacy_policy_version ?? currentPrivacyPolicy.id,
          recordTable: 'giving.contributions',
          recordRef: reference,
          email: body.email,
        });
      });
      // On a provider failure the contributor stays stored ('processing...'): staff can reach out; the visitor may try again.
      const preference = await createCheckout(ctx, request.log, {
        domain: 'giving',
        table: 'giving.contributions',
        reference,
        item: { id: 'donacion', title: donationTitle(), description: donationSettings().paymentDescription, unitPrice: amount.amount },
        payer: { name: `${body.contributor_name} ${body.contributor_lastname}`, email: body.email, phone: body.phone_number },
        returnPaths: { success: '/success', failure: '/failure', pending: '/pending' },
        failureMessage: donationTexts.failed,
      });
      return { success: true as const, ...preference, amount: amount.amount, title: donationTitle(), claim_secret: claim.secret };
    },
    // The site's write limit and the honeypot refused before validation, as every public form's POST.
    { config: publicWrite(ctx.settings), preValidation: rejectHoneypot },
  );

  await app.register(paymentRoutes(domainPayable(donationPayables)), ctx);
};

/** How donation payments are applied (receipt once approved), for a notification, a status check and reconciliation. */
export const donationPayables: PaymentRoutesOptions<'giving.contributions', DonationReceipt> = {
  payable: donationPayable,
  reversal: { concept: 'Donación', note: 'Revisa si esta donación tenía un certificado expedido.' },
  table: 'giving.contributions',
  amountOf: (contribution) => contribution.donation_amount,
  notificationsTable: 'giving.payment_notifications',
  discrepanciesTable: 'giving.payment_discrepancies',
  eventsTable: 'giving.payment_events',
  // The result pages' receipt: it paid a donation (the amount, number and date are the payment's).
  statusOperation: donationOperations.paymentStatus,
  receipt: () => ({ concept: 'donation' as const, title: donationTitle() }),
  async afterApply(c, d, payment, firstApproval) {
    // Money that went back is no longer a donation: its certificates (and the donor's annual one) are void.
    if (isReversal(payment.status)) {
      await voidCertificatesOf(c.db, d.reference);
      return;
    }
    if (!firstApproval) return;
    await sendDonationReceipt(c, d, payment);
  },
};

/** What a receipt adds to the one-time donation's: monthly giving's subject, first paragraphs and manage link (#29). */
export interface ReceiptExtra {
  subject?: string;
  lead?: string[];
  details?: MailDetail[];
}

/** The donation's receipt with its certificate link, once its payment is first approved (a monthly charge's too). */
export async function sendDonationReceipt(
  c: ApiContext,
  d: Selectable<Database['giving.contributions']>,
  payment: ProviderPayment,
  extra: ReceiptExtra = {},
): Promise<void> {
  const date = new Date(payment.date_approved ?? Date.now()).toLocaleDateString('es-CO', {
    timeZone: 'America/Bogota',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const mailed = (certificate: { paragraph: string; action?: { label: string; url: string } }) => ({
    to: d.email,
    subject: extra.subject ?? 'Gracias por tu donación',
    // No submitted text reaches an address nobody verified (names could be a lure): the donor's data goes on the
    // certificate, not in this e-mail.
    greeting: 'Hola:',
    paragraphs: [...(extra.lead ?? []), donationSettings().receiptThanks, certificate.paragraph],
    details: [
      ['Valor', formatCOP(d.donation_amount)],
      ['Fecha', date],
      ['Pago', payment.id],
      ['Entidad', site.nit ? `${site.name}, NIT ${site.nit}` : site.name],
      ...(extra.details ?? []),
    ] satisfies MailDetail[],
    ...(certificate.action ? { action: certificate.action } : {}),
  });
  // A donation stored before names had a rule may carry a name that is not one: no certificate link for it.
  if (!printableDonor(d)) {
    await c.mailer.send(
      renderMail(
        mailed({
          paragraph: `Para el certificado de donación de tu declaración de renta, escríbenos a ${site.contact.email} desde este correo con tu nombre completo y tu documento: el nombre registrado en la donación no se puede imprimir en un certificado.`,
        }),
      ),
    );
    return;
  }
  // The donor's own link to this donation's certificate: a random token only this e-mail carries, for a limited time.
  // Only this e-mail: no API answer (the checkout, the result pages' status check) carries the link or its token,
  // and the stored copy of the e-mail loses it once delivered (mailer.ts).
  const link = await issueCertificateLink(c.db, d.reference, c.settings.publicOrigin);
  const until = link.expires.toLocaleDateString('es-CO', { timeZone: 'America/Bogota', day: 'numeric', month: 'long', year: 'numeric' });
  await c.mailer.send(
    renderMail(
      mailed({
        paragraph: `Descarga aquí el certificado de donación para tu declaración de renta (${site.legalNature}). El enlace es personal: no lo reenvíes. Funciona hasta el ${until}; después, respóndenos este correo y te lo enviamos.`,
        action: { label: 'Descargar el certificado de donación', url: link.url },
      }),
    ),
  );
}

/**
 * One address's gifts of the last hour (one-time or monthly) against its limit: the refusal `refused` builds when there
 * are `perHour` already, so one address cannot be used to start gifts at volume.
 */
export async function refuseOverHourlyLimit(
  db: SiteDb,
  table: 'giving.contributions' | 'giving.subscriptions',
  email: string,
  perHour: number,
  refused: () => Error,
): Promise<void> {
  const recent = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('created_at', '>', new Date(Date.now() - 3600_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= perHour) throw refused();
}
