import type { FastifyPluginAsync } from 'fastify';
import { formatCOP } from 'shared/format/money';
import { publicWebhook, type ApiContext } from 'shared/server/api-module';
import { ApiError } from 'shared/server/http';
import { renderMail } from 'shared/server/mail-template';
import { applyProviderPayment, rememberNotification, wasNotificationProcessed, type PayableColumns } from 'shared/server/payments/apply';
import { PaymentProviderError, type ProviderPayment } from 'shared/server/payments/provider';
import { verifyNotificationSignature } from 'shared/server/payments/signature';
import { apiTexts } from './texts';

interface EnrolmentRow extends PayableColumns {
  course_title: string;
  module_name: string;
  full_name: string;
  email: string;
}

const statusLabel: Record<string, string> = { approved: 'Aprobado', pending: 'Pendiente', in_process: 'En proceso', rejected: 'Rechazado' };

/** Reads a payment from the provider; a provider outage is a 503 so the provider retries its notification. */
async function fetchPayment(ctx: ApiContext, id: string): Promise<ProviderPayment | null> {
  try {
    return await ctx.payments.getPayment(id);
  } catch (err) {
    throw new ApiError(
      503,
      'payment_provider_unavailable',
      err instanceof PaymentProviderError ? apiTexts.providerDown : apiTexts.providerDown,
    );
  }
}

/** Applies the provider's word to the enrolment and sends the receipt the first time it is approved. */
async function applyAndNotify(ctx: ApiContext, payment: ProviderPayment) {
  const result = await applyProviderPayment<EnrolmentRow>(ctx.db, 'courses.enrolments', payment);
  if (result.applied && result.record && payment.status === 'approved') {
    await ctx.db
      .updateTable('courses.enrolments')
      .set({ enrollment_status: 'ENROLLED' })
      .where('reference', '=', result.record.reference)
      .execute();
  }
  if (result.firstApproval && result.record) {
    const e = result.record;
    await ctx.mailer.send(
      renderMail({
        to: e.email,
        subject: 'Tu inscripción está confirmada',
        greeting: `Hola, ${e.full_name}:`,
        paragraphs: [
          `Recibimos tu pago y tu cupo en ${e.course_title} está reservado.`,
          'Te enviaremos las instrucciones de acceso 24 horas antes del inicio de clases.',
        ],
        details: [
          ['Curso', e.course_title],
          ['Módulo', e.module_name],
          ['Valor', formatCOP(e.price)],
          ['Pago', payment.id],
          ['Estado', statusLabel[payment.status] ?? payment.status],
        ],
        action: { label: 'Ver Mis Cursos', url: `${ctx.settings.publicOrigin}/mis-cursos` },
      }),
    );
  }
  return result;
}

export const paymentRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  // The provider's notification: verified, deduplicated, then the payment is read from the provider itself.
  app.post<{ Querystring: Record<string, string | undefined>; Body: unknown }>(
    '/payments/notifications',
    { config: publicWebhook(ctx.settings), schema: { tags: ['courses'], summary: 'Notificación firmada de la pasarela de pagos' } },
    async (request, reply) => {
      const query = request.query;
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as { type?: string; data?: { id?: unknown } };
      const type = query.type ?? query.topic ?? body.type;
      const dataId = query['data.id'] ?? query.id;
      const requestId = request.headers['x-request-id'];
      const check = verifyNotificationSignature({
        secret: ctx.settings.paymentWebhookSecret,
        signature: typeof request.headers['x-signature'] === 'string' ? request.headers['x-signature'] : undefined,
        requestId: typeof requestId === 'string' ? requestId : undefined,
        dataId,
      });
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'payment notification refused');
        throw new ApiError(401, 'invalid_signature', apiTexts.invalidSignature);
      }
      if (type !== 'payment' || !dataId) return reply.status(200).send({ received: true, ignored: true });
      if (await wasNotificationProcessed(ctx.db, 'courses.payment_notifications', requestId as string)) {
        return reply.status(200).send({ received: true, duplicate: true });
      }
      const payment = await fetchPayment(ctx, dataId);
      if (!payment) return reply.status(200).send({ received: true, unknownPayment: true });
      const result = await applyAndNotify(ctx, payment);
      await rememberNotification(ctx.db, 'courses.payment_notifications', requestId as string, dataId);
      return reply.status(200).send({ received: true, applied: result.applied });
    },
  );

  // What the result pages ask: the payment as the provider reports it now (the return URL is only a hint).
  app.get<{ Params: { paymentId: string }; Querystring: { external_reference?: string } }>(
    '/payments/:paymentId',
    { schema: { tags: ['courses'], summary: 'Consultar el estado de un pago de curso' } },
    async (request) => {
      const { paymentId } = request.params;
      if (!/^\d{1,20}$/.test(paymentId)) throw new ApiError(400, 'invalid_payment_id', 'El identificador del pago no es válido.');
      const payment = await fetchPayment(ctx, paymentId);
      const reference = request.query.external_reference;
      if (!payment || (reference && payment.external_reference !== reference))
        throw new ApiError(404, 'not_found', apiTexts.paymentNotFound);
      const result = await applyAndNotify(ctx, payment);
      if (!result.found) throw new ApiError(404, 'not_found', apiTexts.paymentNotFound);
      return {
        payment_id: payment.id,
        status: payment.status,
        status_detail: payment.status_detail,
        payment_type: payment.payment_type_id,
        external_reference: payment.external_reference,
        amount: payment.transaction_amount,
        date_approved: payment.date_approved,
      };
    },
  );
};
