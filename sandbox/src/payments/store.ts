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
  operation_type: 'regular_payment';
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
  order: { id: number; type: 'mercadopago' };
  external_reference: string | null;
  preference_id: string;
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
  card: { first_six_digits: string; last_four_digits: string; cardholder: { name: string } } | Record<string, never>;
  notification_url: string | null;
  processing_mode: 'aggregator';
  merchant_account_id: null;
  statement_descriptor: string | null;
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

  takeMerchantOrderId(): number {
    return this.state.nextMerchantOrderId++;
  }
}
