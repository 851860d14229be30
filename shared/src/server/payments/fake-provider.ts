import { PaymentProviderError, type CheckoutRequest, type PaymentProvider, type ProviderPayment, type ProviderRefund } from './provider';

/** An in-memory provider for API tests: records checkouts, and serves payments the test puts in. */
export class FakePaymentProvider implements PaymentProvider {
  readonly checkouts: CheckoutRequest[] = [];
  readonly payments = new Map<string, ProviderPayment>();
  down = false;

  async createPreference(request: CheckoutRequest) {
    if (this.down) throw new Error('proveedor caído');
    this.checkouts.push(request);
    const id = `pref-${this.checkouts.length}`;
    return {
      id,
      init_point: `https://checkout.example/redirect?pref_id=${id}`,
      sandbox_init_point: null,
      date_created: new Date().toISOString(),
      expires_at: request.expiresAt?.toISOString() ?? null,
      external_reference: request.externalReference,
    };
  }

  async getPayment(id: string) {
    this.reads += 1;
    if (this.down) throw new Error('proveedor caído');
    return this.payments.get(id) ?? null;
  }

  async searchPayments(externalReference: string) {
    this.searches += 1;
    if (this.down) throw new Error('proveedor caído');
    return [...this.payments.values()]
      .filter((p) => p.external_reference === externalReference)
      .sort((a, b) => Date.parse(a.date_created ?? '') - Date.parse(b.date_created ?? ''));
  }

  /** Refunds made, by idempotency key (a repeated key answers the first refund, as the provider does). */
  readonly refunds = new Map<string, ProviderRefund>();

  async refund(paymentId: string, amount: number | undefined, idempotencyKey: string): Promise<ProviderRefund> {
    if (this.down) throw new PaymentProviderError('Error al reembolsar el pago', 503);
    const earlier = this.refunds.get(idempotencyKey);
    if (earlier) return earlier;
    const payment = this.payments.get(paymentId);
    if (!payment) throw new PaymentProviderError('Error al reembolsar el pago', 404);
    const done = [...this.refunds.values()].filter((r) => r.paymentId === paymentId).reduce((s, r) => s + r.amount, 0);
    const left = payment.transaction_amount - done;
    const asked = amount ?? left;
    if (payment.status !== 'approved' || asked <= 0 || asked > left) throw new PaymentProviderError('Error al reembolsar el pago', 400);
    const made: ProviderRefund = {
      id: String(9_000_000 + this.refunds.size + 1),
      paymentId,
      amount: asked,
      status: 'approved',
      date_created: new Date().toISOString(),
    };
    this.refunds.set(idempotencyKey, made);
    if (asked === left) this.payments.set(paymentId, { ...payment, status: 'refunded', status_detail: 'refunded' });
    return made;
  }

  /** How many searches by reference the server made (reconciliation). */
  searches = 0;

  /** How many times the server asked for a payment (a status check must not spend provider calls freely). */
  reads = 0;

  /**
   * Puts (or replaces) a payment as the provider would report it. Its amount is the one the checkout for that reference
   * asked for (as the provider charges it), unless `extra` says otherwise.
   */
  pay(id: string, externalReference: string, status: string, extra: Partial<ProviderPayment> = {}): ProviderPayment {
    const asked = [...this.checkouts].reverse().find((c) => c.externalReference === externalReference);
    const payment: ProviderPayment = {
      id,
      status,
      status_detail:
        status === 'approved' ? 'accredited' : status === 'rejected' ? 'cc_rejected_insufficient_amount' : 'pending_contingency',
      payment_type_id: 'credit_card',
      payment_method_id: 'visa',
      transaction_amount: asked?.item.unitPrice ?? 0,
      currency_id: 'COP',
      external_reference: externalReference,
      date_created: new Date().toISOString(),
      date_approved: status === 'approved' ? new Date().toISOString() : null,
      date_last_updated: new Date().toISOString(),
      date_of_expiration: null,
      ...extra,
    };
    this.payments.set(id, payment);
    return payment;
  }
}
