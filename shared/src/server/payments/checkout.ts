import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutPreference } from '../../payments/schemas';
import type { ApiContext } from '../api-contract';
import type { PayableTableName } from '../database';
import { ApiError } from '../http';
import { PaymentProviderError, type CheckoutRequest } from './provider';

/** How long a checkout can be paid: the provider refuses it afterwards, and the visitor starts again. */
export const CHECKOUT_VALIDITY_MS = 72 * 3600_000;

/** A checkout for one stored payable record: what is sold, to whom, and where the visitor returns. */
export interface CheckoutOrder {
  /** The domain whose API receives the provider's notifications (`/api/<domain>/payments/notifications`). */
  domain: string;
  /** The record's table; it keeps the preference id. */
  table: PayableTableName;
  /** The record's reference: the payment's external_reference. */
  reference: string;
  item: CheckoutRequest['item'];
  payer: CheckoutRequest['payer'];
  /** Site paths of the result pages (`/pago/exitoso`, `/success`…). */
  returnPaths: CheckoutRequest['backUrls'];
  /** What the visitor reads when the provider fails; by default the provider's own Spanish message, if it gave one. */
  failureMessage?: string;
  /** When the checkout stops being payable, if sooner than CHECKOUT_VALIDITY_MS (a course seat held until then, #14). */
  expiresAt?: Date;
}

/**
 * Creates the provider's checkout for a stored record (back URLs and notification URL on this site's origin, a 72-hour
 * expiry) and keeps its preference id on the record. A provider failure answers 502 with a Spanish message; the
 * record stays as it was, so the visitor may try again.
 */
export async function createCheckout(
  ctx: Pick<ApiContext, 'db' | 'payments' | 'settings'>,
  log: FastifyBaseLogger,
  order: CheckoutOrder,
): Promise<CheckoutPreference> {
  const origin = ctx.settings.publicOrigin;
  const { success, failure, pending } = order.returnPaths;
  let preference: CheckoutPreference;
  try {
    preference = await ctx.payments.createPreference({
      item: order.item,
      payer: order.payer,
      backUrls: { success: `${origin}${success}`, failure: `${origin}${failure}`, pending: `${origin}${pending}` },
      notificationUrl: `${origin}/api/${order.domain}/payments/notifications`,
      externalReference: order.reference,
      expiresAt: new Date(Math.min(Date.now() + CHECKOUT_VALIDITY_MS, order.expiresAt?.getTime() ?? Infinity)),
    });
  } catch (err) {
    log.warn({ err: (err as Error).message, domain: order.domain }, 'checkout creation failed');
    const message = order.failureMessage ?? (err instanceof PaymentProviderError ? err.message : 'Error al procesar el pago');
    throw new ApiError(502, 'payment_provider_error', message);
  }
  await ctx.db.updateTable(order.table).set({ preference_id: preference.id }).where('reference', '=', order.reference).execute();
  return preference;
}
