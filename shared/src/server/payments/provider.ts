import type { CheckoutPreference } from '../../payments/schemas';

/** What our server asks of a card payment provider; Mercado Pago implements it, tests may too. */
export interface CheckoutRequest {
  item: { id: string; title: string; description: string; unitPrice: number };
  payer: { name: string; email: string; phone?: string | undefined };
  backUrls: { success: string; failure: string; pending: string };
  notificationUrl: string;
  /** Letters, digits, '-' and '_' only, at most 64 characters (the provider's limit). */
  externalReference: string;
  expiresAt?: Date;
  metadata?: Record<string, string>;
}

export type ProviderStatus = 'approved' | 'authorized' | 'in_process' | 'pending' | 'rejected' | 'cancelled' | 'refunded' | 'charged_back';

/** A payment as the provider reports it; the only source of truth for a payment's status. */
export interface ProviderPayment {
  id: string;
  status: ProviderStatus | string;
  status_detail: string | null;
  payment_type_id: string | null;
  payment_method_id: string | null;
  transaction_amount: number;
  currency_id: string | null;
  external_reference: string | null;
  date_created: string | null;
  date_approved: string | null;
  date_last_updated: string | null;
  /**
   * Until when a pending payment can still be paid (Efecty and other cash tickets: 3 days unless the preference says
   * otherwise; PSE transfers too). The provider cancels it then (`cancelled`/`expired`). Null for card payments.
   */
  date_of_expiration: string | null;
  /**
   * The card a card payment was charged to, as the provider documents it (`card.last_four_digits`,
   * `card.expiration_month`, `card.expiration_year`); absent or null when the payment reports no valid card (PSE,
   * Efecty, balance). Monthly giving keeps it to warn the donor before the card expires (#29).
   */
  card?: ProviderCard | null;
}

/** A payment's card: its last four digits and its expiry (month 1–12, four-digit year). */
export interface ProviderCard {
  last_four: string;
  expiration_month: number;
  expiration_year: number;
}

/**
 * The provider's `card` object read into a ProviderCard, or null unless all three fields are present and plausible:
 * four digits, a month 1–12 and a four-digit year (a payment's other fields never depend on it).
 */
export function readProviderCard(raw: unknown): ProviderCard | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const card = raw as Record<string, unknown>;
  const lastFour = card.last_four_digits;
  // A number, or its digits as text (some API versions send strings): nothing else is read as a date.
  const int = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : NaN);
  const month = int(card.expiration_month);
  const year = int(card.expiration_year);
  if (typeof lastFour !== 'string' || !/^\d{4}$/.test(lastFour)) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  if (!Number.isInteger(year) || year < 2000 || year > 2199) return null;
  return { last_four: lastFour, expiration_month: month, expiration_year: year };
}

/** A refund the provider made of a payment (`POST /v1/payments/:id/refunds`), in the fields this site keeps. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  /** Whole COP refunded by this refund. */
  amount: number;
  status: string;
  date_created: string | null;
}

export interface PaymentProvider {
  createPreference(request: CheckoutRequest): Promise<CheckoutPreference>;
  /** The payment, or null when the provider does not know it. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /**
   * Every payment made for an external reference, oldest first: how reconciliation finds a payment whose
   * notification never arrived (the record does not even know its id).
   */
  searchPayments(externalReference: string): Promise<ProviderPayment[]>;
  /**
   * Refunds a payment: the whole amount left without `amount`, else that many pesos. The same `idempotencyKey` again
   * (a retried request) makes no second refund: the provider answers the first one. Refusals (an amount beyond what is
   * left, a payment not approved) are a PaymentProviderError with the provider's HTTP status.
   */
  refund(paymentId: string, amount: number | undefined, idempotencyKey: string): Promise<ProviderRefund>;
}

/** A failure talking to the provider, with the Spanish message the visitor sees. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly providerStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const rank: Record<string, number> = {
  pending: 1,
  in_process: 1,
  authorized: 2,
  approved: 3,
  rejected: 3,
  cancelled: 3,
  refunded: 4,
  charged_back: 4,
};

/**
 * Whether a payment report may replace what a record shows. Deliveries repeat and arrive out of order:
 * the same payment only moves forward (pending → approved → refunded, never approved → pending); another
 * payment for the same record replaces it only if it is newer and the record is not already paid.
 */
export function shouldApplyPayment(
  current: { payment_id: string | null; payment_status: string | null; payment_created_at: string | Date | null },
  incoming: ProviderPayment,
): boolean {
  if (!current.payment_id) return true;
  if (current.payment_id === incoming.id) {
    const now = rank[current.payment_status ?? ''] ?? 0;
    const next = rank[incoming.status] ?? 0;
    return next > now || (next === now && incoming.status === current.payment_status);
  }
  if (['approved', 'authorized', 'refunded', 'charged_back'].includes(current.payment_status ?? '')) return false;
  const before = current.payment_created_at ? new Date(current.payment_created_at).getTime() : 0;
  const after = incoming.date_created ? new Date(incoming.date_created).getTime() : 0;
  return after >= before;
}
