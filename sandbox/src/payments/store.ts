import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync, openSync, fsyncSync, closeSync } from 'node:fs';
import path from 'node:path';
import type { DeliveryJob, PaymentNotification } from './notifier';

export interface PreferenceItem {
  id?: string;
  title: string;
  description?: string;
  picture_url?: string;
  category_id?: string;
  quantity: number;
  currency_id: 'COP';
  unit_price: number;
}

export interface BackUrls {
  success: string;
  failure: string;
  pending: string;
}

/** A Checkout Pro preference as the provider answers it. */
export interface PreferenceRecord {
  id: string;
  init_point: string;
  sandbox_init_point: string;
  collector_id: number;
  client_id: string;
  date_created: string;
  last_updated: string | null;
  items: PreferenceItem[];
  payer: Record<string, unknown>;
  back_urls: BackUrls;
  auto_return: string;
  notification_url: string | null;
  external_reference: string;
  expires: boolean;
  expiration_date_from: string | null;
  expiration_date_to: string | null;
  metadata: Record<string, unknown>;
  statement_descriptor: string | null;
  additional_info: string;
  binary_mode: boolean;
  marketplace: 'NONE';
  operation_type: 'regular_payment';
  site_id: 'MCO';
  payment_methods: Record<string, unknown>;
  /** Not a provider field: the merchant order opened by the first payment. */
  merchant_order_id?: number;
}

/** A payment as `GET /v1/payments/:id` answers it (the fields our server reads, and a few more). */
export interface PaymentRecord {
  id: number;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  date_of_expiration: string | null;
  money_release_date: string | null;
  /** `recurring_payment` for a subscription's charges. */
  operation_type: 'regular_payment' | 'recurring_payment';
  payment_method_id: string;
  payment_type_id: string;
  status: string;
  status_detail: string;
  currency_id: 'COP';
  description: string;
  live_mode: false;
  collector_id: number;
  payer: { id: string | null; email: string; type: string | null; identification: Record<string, unknown> | null };
  metadata: Record<string, unknown>;
  additional_info: { items: PreferenceItem[] };
  /** A subscription's charge has no merchant order (our reading): null. */
  order: { id: number; type: 'mercadopago' } | null;
  external_reference: string | null;
  /** Null for a subscription's charge. */
  preference_id: string | null;
  transaction_amount: number;
  transaction_amount_refunded: number;
  installments: number;
  transaction_details: {
    net_received_amount: number;
    total_paid_amount: number;
    installment_amount: number;
    overpaid_amount: number;
    external_resource_url: string | null;
    financial_institution: string | null;
  };
  fee_details: unknown[];
  captured: boolean;
  binary_mode: boolean;
  /** A card payment's card (the provider's documented fields: expiry month 1–12 and four-digit year included). */
  card:
    | {
        first_six_digits: string;
        last_four_digits: string;
        expiration_month: number;
        expiration_year: number;
        cardholder: { name: string };
      }
    | Record<string, never>;
  notification_url: string | null;
  processing_mode: 'aggregator';
  merchant_account_id: null;
  statement_descriptor: string | null;
  /** Its refunds, oldest first (the provider lists them on the payment too); absent on states saved before refunds. */
  refunds?: RefundRecord[];
  /**
   * A subscription's charge says which subscription and which authorized payment it pays (our reading of the
   * provider's `point_of_interaction` of type SUBSCRIPTIONS; absent on other payments).
   */
  point_of_interaction?: {
    type: 'SUBSCRIPTIONS';
    transaction_data: { subscription_id: string; invoice_id: number | null; billing_date: string };
  };
}

/** A refund as `POST /v1/payments/:id/refunds` answers it (and the payment's `refunds` lists it). */
export interface RefundRecord {
  id: number;
  payment_id: number;
  amount: number;
  metadata: Record<string, unknown>;
  source: { id: string; name: string; type: 'collector' };
  date_created: string;
  status: 'approved';
  unique_sequence_number: null;
  refund_mode: 'standard';
  adjustment_amount: number;
  amount_refunded_to_payer: number;
  reason: null;
  labels: string[];
  partition_details: unknown[];
}

/** `auto_recurring` of a preapproval as the provider answers it. */
export interface AutoRecurring {
  frequency: number;
  frequency_type: 'months' | 'days';
  transaction_amount: number;
  currency_id: 'COP';
  start_date: string;
  end_date: string | null;
  free_trial: null;
}

/** `summarized` of a preapproval: what its charges have collected so far. */
export interface Summarized {
  quotas: number | null;
  charged_quantity: number;
  pending_charge_quantity: number | null;
  charged_amount: number;
  pending_charge_amount: number | null;
  semaphore: 'green' | 'yellow' | 'red';
  last_charged_date: string | null;
  last_charged_amount: number | null;
}

export type PreapprovalStatus = 'pending' | 'authorized' | 'paused' | 'cancelled';

/** A subscription (preapproval without plan) as `GET /preapproval/:id` answers it. */
export interface PreapprovalBody {
  id: string;
  payer_id: number | null;
  payer_email: string;
  back_url: string;
  collector_id: number;
  application_id: number;
  status: PreapprovalStatus;
  reason: string;
  external_reference: string;
  date_created: string;
  last_modified: string;
  init_point: string;
  sandbox_init_point: string;
  preapproval_plan_id: null;
  auto_recurring: AutoRecurring;
  summarized: Summarized;
  next_payment_date: string | null;
  payment_method_id: string | null;
  card_id: number | null;
  first_invoice_offset: null;
  version: number;
}

/** What only the stand-in knows of a subscription: the card, the test controls, the cycle bookkeeping. */
export interface PreapprovalInternal {
  /** The authorized card: its holder (the test outcome names) and its expiry (charges after it are rejected). */
  card: { holder: string; expMonth: number; expYear: number; lastFour: string } | null;
  /** Outcomes forced on the next charge attempts (first retries included), consumed one per attempt. */
  nextOutcomes: string[];
  /** Charges of consecutive cycles that ended rejected (after all their retries). */
  rejectedCycles: number;
  /** The date (epoch ms) cycle dates are counted from: the first charge's. */
  anchorMs: number | null;
  /** How many cycles have been charged (the next cycle's index). */
  cycles: number;
}

export interface PreapprovalRecord extends PreapprovalBody {
  sandbox: PreapprovalInternal;
}

export type AuthorizedPaymentStatus = 'scheduled' | 'processed' | 'recycling' | 'cancelled';

/** One cycle's charge of a subscription as `GET /authorized_payments/:id` answers it. */
export interface AuthorizedPaymentRecord {
  id: number;
  preapproval_id: string;
  type: 'recurring';
  status: AuthorizedPaymentStatus;
  date_created: string;
  last_modified: string;
  transaction_amount: number;
  currency_id: 'COP';
  reason: string;
  external_reference: string;
  payer_id: number | null;
  /** The latest attempt's payment (each retry is a new payment). */
  payment: { id: number; status: string; status_detail: string } | null;
  /** Retries made so far (0 after the first attempt, at most 4). */
  retry_attempt: number;
  next_retry_date: string | null;
  debit_date: string;
  payment_method_id: string;
  summarized: null;
}

export interface MerchantOrderRecord {
  id: number;
  preference_id: string;
  date_created: string;
  last_updated: string;
  external_reference: string;
  notification_url: string | null;
  payment_ids: number[];
}

export interface SandboxState {
  version: 1;
  nextPaymentId: number;
  nextMerchantOrderId: number;
  preferences: Record<string, PreferenceRecord>;
  payments: Record<string, PaymentRecord>;
  merchantOrders: Record<string, MerchantOrderRecord>;
  /** Notification deliveries not yet ended (retries survive a restart). */
  outbox: DeliveryJob[];
  /** The first notification of each payment (payment id → event), re-sent late by the out-of-order knob. */
  firstNotifications: Record<string, PaymentNotification>;
  /**
   * Notifications never sent for payments of these external references or payer e-mails (tests of a lost
   * notification: the site must find the payment by itself).
   */
  dropNotifications?: { references: string[]; payerEmails: string[] };
  /** Subscriptions (preapprovals) by id. */
  preapprovals: Record<string, PreapprovalRecord>;
  /** Each cycle's charge of a subscription, by id. */
  authorizedPayments: Record<string, AuthorizedPaymentRecord>;
  nextAuthorizedPaymentId: number;
  /** How far the sandbox's clock runs ahead of the machine's (tests move it with `POST /sandbox/clock/advance`). */
  clockOffsetMs: number;
  /**
   * The account's webhook URL for the subscription topics (the provider takes it from the application's settings,
   * not from the preapproval): set by the sandbox's option or `POST /sandbox/subscriptions/webhook`.
   */
  subscriptionNotificationUrl: string | null;
  /** The next refund id (absent on states saved before refunds). */
  nextRefundId?: number;
  /**
   * Each refund request's `X-Idempotency-Key` and what it made: a request repeated with the same key answers the same
   * refund and refunds nothing more (absent on states saved before refunds).
   */
  refundKeys?: Record<string, { paymentId: number; refundId: number }>;
}

function emptyState(): SandboxState {
  return {
    version: 1,
    // Numeric ids like the provider's: a random 10-digit (payments) / 11-digit (orders) base, then incrementing.
    nextPaymentId: randomInt(1_000_000_000, 8_000_000_000),
    nextMerchantOrderId: randomInt(10_000_000_000, 80_000_000_000),
    preferences: {},
    payments: {},
    merchantOrders: {},
    outbox: [],
    firstNotifications: {},
    preapprovals: {},
    authorizedPayments: {},
    nextAuthorizedPaymentId: randomInt(7_000_000_000, 9_000_000_000),
    clockOffsetMs: 0,
    subscriptionNotificationUrl: null,
  };
}

/**
 * The sandbox's whole state in one JSON file. Every change is written synchronously and atomically (temporary file,
 * fsync, rename), so a crash or restart never leaves a half-written file and never forgets an answered request.
 */
export class SandboxStore {
  readonly file: string;
  state: SandboxState;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'payment-sandbox.json');
    this.state = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as SandboxState) : emptyState();
    if (this.state.version !== 1) throw new Error(`Estado del sandbox de pagos con versión desconocida: ${this.file}`);
    this.state.outbox ??= [];
    this.state.firstNotifications ??= {};
    // States saved before subscriptions existed.
    this.state.preapprovals ??= {};
    this.state.authorizedPayments ??= {};
    this.state.nextAuthorizedPaymentId ??= randomInt(7_000_000_000, 9_000_000_000);
    this.state.clockOffsetMs ??= 0;
    this.state.subscriptionNotificationUrl ??= null;
  }

  save(): void {
    const tmp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    const fd = openSync(tmp, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
  }

  takePaymentId(): number {
    return this.state.nextPaymentId++;
  }

  takeAuthorizedPaymentId(): number {
    return this.state.nextAuthorizedPaymentId++;
  }

  takeRefundId(): number {
    this.state.nextRefundId ??= randomInt(1_000_000_000, 2_000_000_000);
    return this.state.nextRefundId++;
  }

  takeMerchantOrderId(): number {
    return this.state.nextMerchantOrderId++;
  }
}
