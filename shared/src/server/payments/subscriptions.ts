// The site's client of Mercado Pago subscriptions (preapprovals without a plan, site MCO) through the official SDK:
// the payer authorizes at init_point, Mercado Pago charges each cycle by itself (one authorized payment per cycle,
// one payment per attempt) and notifies `subscription_preapproval`, `subscription_authorized_payment` and `payment`.
//
// Shapes: the SDK 3.6.1 types (PreApproval, Invoice) and Mercado Pago's reference; the SDK types every field as
// optional and a few wrongly (search results' external_reference as a number), so answers are read into the types
// below, which follow the provider's JSON. Not wired into any domain yet (#29 next part: remote-giving).
import { Invoice, MercadoPagoConfig, PreApproval } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import type { MercadoPagoOptions } from './mercadopago';
import { PaymentProviderError } from './provider';

/** MCO's bounds for one charge of a subscription, in COP (the provider answers 400 outside them). */
export const subscriptionAmountBounds = { min: 1_600, max: 30_000_000 } as const;

export type SubscriptionStatus = 'pending' | 'authorized' | 'paused' | 'cancelled';

/** What the site asks for: a monthly charge in COP, authorized by the payer at the answer's init_point. */
export interface SubscriptionRequest {
  /** What the payer sees on the authorization page and in the charges' description. */
  reason: string;
  externalReference: string;
  /** Must be the payer's Mercado Pago account e-mail: authorizing with another account fails (sdk-nodejs #421). */
  payerEmail: string;
  /** Where the payer returns after authorizing (`?preapproval_id=` is appended). */
  backUrl: string;
  /** Integer COP per month, within `subscriptionAmountBounds`. */
  amount: number;
  /** First charge; absent: at authorization. */
  startDate?: Date;
  endDate?: Date;
}

/** The body of `POST /preapproval` as this client sends it (a pending preapproval: no card token). */
export interface PreapprovalCreateBody {
  reason: string;
  external_reference: string;
  payer_email: string;
  back_url: string;
  auto_recurring: {
    frequency: 1;
    frequency_type: 'months';
    transaction_amount: number;
    currency_id: 'COP';
    start_date?: string;
    end_date?: string;
  };
  status: 'pending';
}

/** The body of `PUT /preapproval/:id`: a new amount, or a status. */
export type PreapprovalUpdateBody =
  { auto_recurring: { transaction_amount: number; currency_id: 'COP' } } | { status: 'paused' | 'authorized' | 'cancelled' };

/** A change to a subscription: its amount, or pausing, resuming or cancelling it (cancelling is final). */
export type SubscriptionChange = { kind: 'amount'; amount: number } | { kind: 'pause' } | { kind: 'resume' } | { kind: 'cancel' };

/** A subscription as `GET /preapproval/:id` answers it (the fields this site may use). */
export interface Subscription {
  id: string;
  status: SubscriptionStatus | string;
  reason: string;
  external_reference: string | null;
  payer_email: string | null;
  payer_id: number | null;
  back_url: string | null;
  init_point: string | null;
  date_created: string | null;
  last_modified: string | null;
  next_payment_date: string | null;
  payment_method_id: string | null;
  auto_recurring: {
    frequency: number;
    frequency_type: string;
    transaction_amount: number;
    currency_id: string;
    start_date: string | null;
    end_date: string | null;
  };
  summarized: {
    charged_quantity: number;
    charged_amount: number;
    last_charged_date: string | null;
    last_charged_amount: number | null;
    semaphore: string | null;
  } | null;
}

export interface SubscriptionSearch {
  payerEmail?: string;
  externalReference?: string;
  status?: SubscriptionStatus;
  offset?: number;
  limit?: number;
}

export interface SubscriptionPage {
  total: number;
  offset: number;
  limit: number;
  results: Subscription[];
}

export type AuthorizedPaymentStatus = 'scheduled' | 'processed' | 'recycling' | 'cancelled';

/** One cycle's charge as `GET /authorized_payments/:id` answers it; `payment` is its latest attempt. */
export interface AuthorizedPayment {
  id: string;
  preapproval_id: string;
  type: string;
  status: AuthorizedPaymentStatus | string;
  date_created: string | null;
  last_modified: string | null;
  debit_date: string | null;
  transaction_amount: number;
  currency_id: string | null;
  reason: string | null;
  external_reference: string | null;
  payment: { id: string; status: string; status_detail: string | null } | null;
  /** Retries made so far after the first attempt (the provider retries up to 4 times). */
  retry_attempt: number;
  next_retry_date: string | null;
  payment_method_id: string | null;
}

export interface SubscriptionProvider {
  /** A pending subscription; send the payer to its `init_point`. */
  createSubscription(request: SubscriptionRequest): Promise<Subscription>;
  /** The subscription, or null when the provider does not know it. */
  getSubscription(id: string): Promise<Subscription | null>;
  searchSubscriptions(filters: SubscriptionSearch): Promise<SubscriptionPage>;
  updateSubscription(id: string, change: SubscriptionChange): Promise<Subscription>;
  /** A cycle's charge, or null when the provider does not know it. */
  getAuthorizedPayment(id: string): Promise<AuthorizedPayment | null>;
  /** Every cycle's charge of a subscription, oldest first (how a lost notification is made up for). */
  searchAuthorizedPayments(preapprovalId: string): Promise<AuthorizedPayment[]>;
}

const statusOf = (err: unknown) => (err as { status?: number }).status;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

/** Reads a preapproval answer (SDK response or search result) into `Subscription`. */
export function readSubscription(raw: unknown): Subscription {
  const p = rec(raw);
  const id = str(p.id);
  const status = str(p.status);
  if (!id || !status) throw new PaymentProviderError('No se recibió respuesta válida del servidor de pagos');
  const ar = rec(p.auto_recurring);
  const s = p.summarized === null || p.summarized === undefined ? null : rec(p.summarized);
  return {
    id,
    status,
    reason: str(p.reason) ?? '',
    external_reference: str(p.external_reference),
    payer_email: str(p.payer_email),
    payer_id: num(p.payer_id),
    back_url: str(p.back_url),
    init_point: str(p.init_point),
    date_created: str(p.date_created),
    last_modified: str(p.last_modified),
    next_payment_date: str(p.next_payment_date),
    payment_method_id: str(p.payment_method_id),
    auto_recurring: {
      frequency: num(ar.frequency) ?? 1,
      frequency_type: str(ar.frequency_type) ?? 'months',
      transaction_amount: num(ar.transaction_amount) ?? 0,
      currency_id: str(ar.currency_id) ?? 'COP',
      start_date: str(ar.start_date),
      end_date: str(ar.end_date),
    },
    summarized: s && {
      charged_quantity: num(s.charged_quantity) ?? 0,
      charged_amount: num(s.charged_amount) ?? 0,
      last_charged_date: str(s.last_charged_date),
      last_charged_amount: num(s.last_charged_amount),
      semaphore: str(s.semaphore),
    },
  };
}

/** Reads an authorized payment answer into `AuthorizedPayment`. */
export function readAuthorizedPayment(raw: unknown): AuthorizedPayment {
  const a = rec(raw);
  const id = str(a.id);
  const preapprovalId = str(a.preapproval_id);
  if (!id || !preapprovalId) throw new PaymentProviderError('No se recibió respuesta válida del servidor de pagos');
  const payment = a.payment === null || a.payment === undefined ? null : rec(a.payment);
  const paymentId = payment && str(payment.id);
  return {
    id,
    preapproval_id: preapprovalId,
    type: str(a.type) ?? 'recurring',
    status: str(a.status) ?? 'unknown',
    date_created: str(a.date_created),
    last_modified: str(a.last_modified),
    debit_date: str(a.debit_date),
    transaction_amount: num(a.transaction_amount) ?? 0,
    currency_id: str(a.currency_id),
    reason: str(a.reason),
    external_reference: str(a.external_reference),
    payment:
      payment && paymentId ? { id: paymentId, status: str(payment.status) ?? 'unknown', status_detail: str(payment.status_detail) } : null,
    retry_attempt: num(a.retry_attempt) ?? 0,
    next_retry_date: str(a.next_retry_date),
    payment_method_id: str(a.payment_method_id),
  };
}

function checkAmount(amount: number): void {
  const { min, max } = subscriptionAmountBounds;
  if (!Number.isInteger(amount) || amount < min || amount > max)
    throw new PaymentProviderError('El monto mensual debe ser un valor entero entre $ 1.600 y $ 30.000.000');
}

/** The body of `PUT /preapproval/:id` for a change. */
export function updateBody(change: SubscriptionChange): PreapprovalUpdateBody {
  switch (change.kind) {
    case 'amount':
      checkAmount(change.amount);
      return { auto_recurring: { transaction_amount: change.amount, currency_id: 'COP' } };
    case 'pause':
      return { status: 'paused' };
    case 'resume':
      return { status: 'authorized' };
    case 'cancel':
      return { status: 'cancelled' };
  }
}

const preapprovalId = /^[0-9a-zA-Z-]{1,64}$/;

/** Mercado Pago subscriptions through the official SDK (same base URL and config handling as the payments client). */
export function createMercadoPagoSubscriptions(options: MercadoPagoOptions): SubscriptionProvider {
  // The SDK reads its API origin from a static setting (it has no per-client option).
  if (options.baseUrl) (AppConfig as { BASE_URL: string }).BASE_URL = options.baseUrl.replace(/\/$/, '');
  // A fresh config per call: the SDK leaks requestOptions (an idempotency key) into a shared config.
  const config = () => new MercadoPagoConfig({ accessToken: options.accessToken, options: { timeout: options.timeoutMs ?? 10_000 } });

  return {
    async createSubscription(request) {
      checkAmount(request.amount);
      const body: PreapprovalCreateBody = {
        reason: request.reason,
        external_reference: request.externalReference,
        payer_email: request.payerEmail,
        back_url: request.backUrl,
        auto_recurring: {
          frequency: 1,
          frequency_type: 'months',
          transaction_amount: request.amount,
          currency_id: 'COP',
          ...(request.startDate ? { start_date: request.startDate.toISOString() } : {}),
          ...(request.endDate ? { end_date: request.endDate.toISOString() } : {}),
        },
        status: 'pending',
      };
      let res;
      try {
        res = await new PreApproval(config()).create({ body });
      } catch (err) {
        throw new PaymentProviderError('Error al crear la suscripción', statusOf(err), { cause: err });
      }
      const subscription = readSubscription(res);
      if (!subscription.init_point) throw new PaymentProviderError('No se recibió URL de autorización válida');
      return subscription;
    },

    async getSubscription(id) {
      if (!preapprovalId.test(id)) return null;
      try {
        return readSubscription(await new PreApproval(config()).get({ id }));
      } catch (err) {
        if (statusOf(err) === 404) return null;
        if (err instanceof PaymentProviderError) throw err;
        throw new PaymentProviderError('Error al consultar la suscripción', statusOf(err), { cause: err });
      }
    },

    async searchSubscriptions(filters) {
      const query: Record<string, string | number> = {};
      if (filters.payerEmail) query.payer_email = filters.payerEmail;
      if (filters.externalReference) query.external_reference = filters.externalReference;
      if (filters.status) query.status = filters.status;
      if (filters.offset !== undefined) query.offset = filters.offset;
      if (filters.limit !== undefined) query.limit = filters.limit;
      let found;
      try {
        found = await new PreApproval(config()).search({ options: query });
      } catch (err) {
        throw new PaymentProviderError('Error al buscar las suscripciones', statusOf(err), { cause: err });
      }
      const results = (found.results ?? []).map(readSubscription);
      return {
        total: found.paging?.total ?? results.length,
        offset: found.paging?.offset ?? filters.offset ?? 0,
        limit: found.paging?.limit ?? filters.limit ?? results.length,
        results,
      };
    },

    async updateSubscription(id, change) {
      const body = updateBody(change);
      if (!preapprovalId.test(id)) throw new PaymentProviderError('Suscripción no válida');
      let res;
      try {
        res = await new PreApproval(config()).update({ id, body });
      } catch (err) {
        throw new PaymentProviderError('Error al modificar la suscripción', statusOf(err), { cause: err });
      }
      return readSubscription(res);
    },

    async getAuthorizedPayment(id) {
      if (!/^\d{1,20}$/.test(id)) return null;
      try {
        return readAuthorizedPayment(await new Invoice(config()).get({ id }));
      } catch (err) {
        if (statusOf(err) === 404) return null;
        if (err instanceof PaymentProviderError) throw err;
        throw new PaymentProviderError('Error al consultar el cobro de la suscripción', statusOf(err), { cause: err });
      }
    },

    async searchAuthorizedPayments(id) {
      if (!preapprovalId.test(id)) return [];
      let found;
      try {
        found = await new Invoice(config()).search({ options: { preapproval_id: id, limit: 100 } });
      } catch (err) {
        throw new PaymentProviderError('Error al buscar los cobros de la suscripción', statusOf(err), { cause: err });
      }
      return (found.results ?? [])
        .map(readAuthorizedPayment)
        .filter((a) => a.preapproval_id === id)
        .sort((a, b) => Date.parse(a.date_created ?? '') - Date.parse(b.date_created ?? '') || Number(a.id) - Number(b.id));
    },
  };
}
