import { MercadoPagoConfig, Payment, PaymentRefund, Preference } from 'mercadopago';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import type { CheckoutPreference } from '../../payments/schemas';
import {
  PaymentProviderError,
  readProviderCard,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from './provider';

export interface MercadoPagoOptions {
  accessToken: string;
  /** API origin; the local payment sandbox in development and tests, the provider's own otherwise. */
  baseUrl?: string | undefined;
  timeoutMs?: number;
}

/** Mercado Pago Checkout Pro through the official SDK. */
export function createMercadoPagoProvider(options: MercadoPagoOptions): PaymentProvider {
  // The SDK reads its API origin from a static setting (it has no per-client option).
  if (options.baseUrl) (AppConfig as { BASE_URL: string }).BASE_URL = options.baseUrl.replace(/\/$/, '');
  // A fresh config per call: the SDK leaks requestOptions (an idempotency key) into a shared config.
  const config = () => new MercadoPagoConfig({ accessToken: options.accessToken, options: { timeout: options.timeoutMs ?? 10_000 } });

  const provider: PaymentProvider = {
    async createPreference(request: CheckoutRequest): Promise<CheckoutPreference> {
      let res;
      try {
        res = await new Preference(config()).create({
          body: {
            items: [
              {
                id: request.item.id,
                title: request.item.title,
                description: request.item.description,
                quantity: 1,
                unit_price: request.item.unitPrice,
                currency_id: 'COP',
              },
            ],
            payer: {
              name: request.payer.name,
              email: request.payer.email,
              ...(request.payer.phone ? { phone: { number: request.payer.phone } } : {}),
            },
            back_urls: request.backUrls,
            auto_return: 'approved',
            notification_url: request.notificationUrl,
            external_reference: request.externalReference,
            statement_descriptor: 'FUNDACION',
            ...(request.expiresAt ? { expires: true, expiration_date_to: request.expiresAt.toISOString() } : {}),
            ...(request.metadata ? { metadata: request.metadata } : {}),
          },
        });
      } catch (err) {
        throw new PaymentProviderError('Error al procesar el pago', (err as { status?: number }).status, { cause: err });
      }
      if (!res?.id) throw new PaymentProviderError('No se recibió respuesta válida del servidor de pagos');
      if (!res.init_point) throw new PaymentProviderError('No se recibió URL de pago válida');
      return {
        id: String(res.id),
        init_point: res.init_point,
        sandbox_init_point: res.sandbox_init_point ?? null,
        date_created: res.date_created ?? null,
        expires_at: res.expiration_date_to ?? null,
        external_reference: res.external_reference ?? request.externalReference,
      };
    },

    async getPayment(id: string): Promise<ProviderPayment | null> {
      if (!/^\d{1,20}$/.test(id)) return null;
      try {
        return providerPayment(await new Payment(config()).get({ id }));
      } catch (err) {
        if ((err as { status?: number }).status === 404) return null;
        throw new PaymentProviderError('Error al verificar el estado del pago', (err as { status?: number }).status, { cause: err });
      }
    },

    async searchPayments(externalReference: string): Promise<ProviderPayment[]> {
      let ids: string[];
      try {
        const found = await new Payment(config()).search({
          options: { external_reference: externalReference, sort: 'date_created', criteria: 'asc', limit: 50 },
        });
        ids = (found.results ?? []).flatMap((r) => (r.id === undefined ? [] : [String(r.id)]));
      } catch (err) {
        throw new PaymentProviderError('Error al buscar los pagos', (err as { status?: number }).status, { cause: err });
      }
      // A search result is a summary (the SDK types no amount): each payment is read in full, as a notification's is.
      const payments = await Promise.all(ids.map((id) => provider.getPayment(id)));
      return payments.filter((p): p is ProviderPayment => p !== null && p.external_reference === externalReference);
    },

    async refund(paymentId: string, amount: number | undefined, idempotencyKey: string): Promise<ProviderRefund> {
      if (!/^\d{1,20}$/.test(paymentId)) throw new PaymentProviderError('Pago no válido', 404);
      // The key travels as X-Idempotency-Key on every attempt the SDK makes, so a retry never refunds twice.
      const requestOptions = { idempotencyKey };
      let res;
      try {
        const client = new PaymentRefund(config());
        res =
          amount === undefined
            ? await client.total({ payment_id: paymentId, requestOptions })
            : await client.create({ payment_id: paymentId, body: { amount }, requestOptions });
      } catch (err) {
        throw new PaymentProviderError('Error al reembolsar el pago', (err as { status?: number }).status, { cause: err });
      }
      if (res?.id === undefined || typeof res.amount !== 'number')
        throw new PaymentProviderError('No se recibió respuesta válida del servidor de pagos');
      return {
        id: String(res.id),
        paymentId: String(res.payment_id ?? paymentId),
        amount: res.amount,
        status: res.status ?? 'approved',
        date_created: res.date_created ?? null,
      };
    },
  };
  return provider;
}

/** A payment as the SDK reads it (`get` or a search result), in the fields this site uses. */
export function providerPayment(p: PaymentResponse): ProviderPayment {
  return {
    id: String(p.id),
    status: p.status ?? 'unknown',
    status_detail: p.status_detail ?? null,
    payment_type_id: p.payment_type_id ?? null,
    payment_method_id: p.payment_method_id ?? null,
    transaction_amount: Number(p.transaction_amount ?? 0),
    currency_id: p.currency_id ?? null,
    external_reference: p.external_reference ?? null,
    date_created: p.date_created ?? null,
    date_approved: p.date_approved ?? null,
    date_last_updated: p.date_last_updated ?? null,
    date_of_expiration: p.date_of_expiration ?? null,
    card: readProviderCard(p.card),
  };
}
