import type { FastifyPluginAsync } from 'fastify';
import { publicWebhook, type ApiContext } from 'shared/server/api-module';
import { ApiError } from 'shared/server/http';
import { applyProviderPayment, rememberNotification, wasNotificationProcessed, type PayableColumns } from './apply';
import type { ProviderPayment } from './provider';
import { verifyNotificationSignature } from './signature';

export interface PaymentRoutesOptions<Row extends PayableColumns> {
  /** OpenAPI tag and log label (the remote's name). */
  tag: string;
  /** Table of payable records, e.g. `courses.enrolments`. */
  table: string;
  /** Table remembering processed notifications, e.g. `courses.payment_notifications`. */
  notificationsTable: string;
  /** Runs after the provider's report was applied (in its own transaction); `firstApproval` is true once per record. */
  afterApply?: (ctx: ApiContext, record: Row, payment: ProviderPayment, firstApproval: boolean) => Promise<void>;
}

const providerDown = 'No pudimos comunicarnos con la pasarela de pagos. Intenta de nuevo en unos minutos.';
const paymentNotFound = 'No encontramos ese pago.';

/**
 * The provider's signed notifications and the result pages' status check, for any payable record.
 * A payment's status is only ever what the server read from the provider, applied so it only moves forward.
 */
export function paymentRoutes<Row extends PayableColumns>(options: PaymentRoutesOptions<Row>): FastifyPluginAsync<ApiContext> {
  return async (app, ctx) => {
    const fetchPayment = async (id: string) => {
      try {
        return await ctx.payments.getPayment(id);
      } catch {
        // 503 so the provider retries its notification later.
        throw new ApiError(503, 'payment_provider_unavailable', providerDown);
      }
    };
    const apply = async (payment: ProviderPayment) => {
      const result = await applyProviderPayment<Row>(ctx.db, options.table, payment);
      if (result.applied && result.record) await options.afterApply?.(ctx, result.record, payment, result.firstApproval);
      return result;
    };

    app.post<{ Querystring: Record<string, string | undefined> }>(
      '/payments/notifications',
      { config: publicWebhook(ctx.settings), schema: { tags: [options.tag], summary: 'Notificación firmada de la pasarela de pagos' } },
      async (request, reply) => {
        const query = request.query;
        const body = (request.body && typeof request.body === 'object' ? request.body : {}) as { type?: string };
        const type = query.type ?? query.topic ?? body.type;
        const dataId = query['data.id'] ?? query.id;
        const requestId = request.headers['x-request-id'];
        const signature = request.headers['x-signature'];
        const check = verifyNotificationSignature({
          secret: ctx.settings.paymentWebhookSecret,
          signature: typeof signature === 'string' ? signature : undefined,
          requestId: typeof requestId === 'string' ? requestId : undefined,
          dataId,
        });
        if (!check.ok) {
          request.log.warn({ reason: check.reason, tag: options.tag }, 'payment notification refused');
          throw new ApiError(401, 'invalid_signature', 'Notificación no autorizada.');
        }
        if (type !== 'payment' || !dataId) return reply.status(200).send({ received: true, ignored: true });
        if (await wasNotificationProcessed(ctx.db, options.notificationsTable, requestId as string)) {
          return reply.status(200).send({ received: true, duplicate: true });
        }
        const payment = await fetchPayment(dataId);
        if (!payment) return reply.status(200).send({ received: true, unknownPayment: true });
        const result = await apply(payment);
        await rememberNotification(ctx.db, options.notificationsTable, requestId as string, dataId);
        return reply.status(200).send({ received: true, applied: result.applied });
      },
    );

    app.get<{ Params: { paymentId: string }; Querystring: { external_reference?: string } }>(
      '/payments/:paymentId',
      { schema: { tags: [options.tag], summary: 'Consultar el estado de un pago (lo que informa la pasarela)' } },
      async (request) => {
        const { paymentId } = request.params;
        if (!/^\d{1,20}$/.test(paymentId)) throw new ApiError(400, 'invalid_payment_id', 'El identificador del pago no es válido.');
        const payment = await fetchPayment(paymentId);
        const reference = request.query.external_reference;
        if (!payment || (reference && payment.external_reference !== reference)) throw new ApiError(404, 'not_found', paymentNotFound);
        const result = await apply(payment);
        if (!result.found) throw new ApiError(404, 'not_found', paymentNotFound);
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
}
