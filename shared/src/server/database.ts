import type { ColumnType, Generated, Kysely } from 'kysely';

/**
 * The site's one database as Kysely sees it: every table of every domain, keyed `schema.table`. This file declares the
 * shared tables (the mail outbox) and the column sets several domains' tables have in common; each domain adds its own
 * tables from its `server/tables.ts` by merging into `Database` (`declare module 'shared/server/database'`), so shared code
 * never imports a remote and a remote's tables are declared once, next to its migrations. See docs/decisions.md
 * ("Typed contract").
 */
// An interface, not a type alias: only interfaces merge, which is how each domain adds its tables.
export interface Database {
  'mail.outbox': OutboxTable;
}

/** The database handle every API plugin receives. */
export type SiteDb = Kysely<Database>;

/** A `timestamptz` column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A `timestamptz … default now()` column: may be left out of an insert. */
export type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable `timestamptz` column. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A `serial` primary key. */
export type Serial = Generated<number>;
/** A `text not null default …` column: may be left out of an insert. */
export type DefaultedText = ColumnType<string, string | undefined, string>;

/** `mail.outbox`: messages queued by `mailer.send`, delivered by its worker. */
export interface OutboxTable {
  id: Serial;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: ColumnType<
    'pending' | 'sending' | 'sent' | 'failed',
    'pending' | 'sending' | 'sent' | 'failed' | undefined,
    'pending' | 'sending' | 'sent' | 'failed'
  >;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  next_attempt_at: CreatedTimestamp;
  created_at: CreatedTimestamp;
  sent_at: NullableTimestamp;
}

/**
 * The columns every payable record has (`addPayableColumns` and `addPaymentGuards` in payments/schema.ts), so one rule
 * applies payment reports to enrolments and donations alike. A domain's payable table extends this.
 */
export interface PayableTable {
  /** The public id and the payment's external_reference. */
  reference: string;
  payment_status: DefaultedText;
  payment_id: string | null;
  status_detail: string | null;
  payment_type: string | null;
  preference_id: string | null;
  payment_created_at: NullableTimestamp;
  payment_date: NullableTimestamp;
  date_approved: NullableTimestamp;
  receipt_sent_at: NullableTimestamp;
  /** SHA-256 of the checkout's claim secret (payments/claim.ts). */
  claim_hash: string | null;
  /** When reconciliation last asked the provider about this record (`addReconciliationColumns`). */
  reconciled_at: NullableTimestamp;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

/** `<domain>.payment_notifications`: processed notification request ids (`createPaymentNotificationsTable`). */
export interface PaymentNotificationsTable {
  request_id: string;
  data_id: string;
  received_at: CreatedTimestamp;
}

/** `<domain>.payment_discrepancies`: payments that could not be applied, for the staff (`addPaymentGuards`). */
export interface PaymentDiscrepanciesTable {
  id: Serial;
  reference: string | null;
  payment_id: string;
  kind: string;
  expected_amount: number | null;
  /** `numeric`: the drivers read it back as a string. */
  reported_amount: ColumnType<string | null, number | null, number | null>;
  reported_currency: string | null;
  reported_status: string | null;
  detected_at: CreatedTimestamp;
  /** When and by whom (staff e-mail) it was marked reviewed in the panel (`addReconciliationColumns`). */
  reviewed_at: NullableTimestamp;
  reviewed_by: string | null;
}

/** Where a payment report came from (`payment_events.source`). */
export type PaymentEventSource = 'notification' | 'status_check' | 'reconciliation';

/**
 * `<domain>.payment_events`: every status the provider reported for a stored record's payments, once per payment and
 * status, with when it was first seen and how (`createPaymentEventsTable`). The staff's payment history of a record.
 */
export interface PaymentEventsTable {
  id: Serial;
  reference: string;
  payment_id: string;
  status: string;
  status_detail: string | null;
  /** `numeric`: the drivers read it back as a string. */
  amount: ColumnType<string | null, number | null, number | null>;
  currency: string | null;
  source: PaymentEventSource;
  /** Whether the report changed the record (false: out of order, repeated, or refused as a discrepancy). */
  applied: boolean;
  seen_at: CreatedTimestamp;
}

/** The tables that hold payable records: whichever domain tables have the payable columns. */
export type PayableTableName = { [T in keyof Database]: Database[T] extends PayableTable ? T : never }[keyof Database];
/** Each payable domain's processed-notification table. */
export type PaymentNotificationsTableName = Extract<keyof Database, `${string}.payment_notifications`>;
/** Each payable domain's discrepancy table. */
export type PaymentDiscrepanciesTableName = Extract<keyof Database, `${string}.payment_discrepancies`>;
/** Each payable domain's payment history table. */
export type PaymentEventsTableName = Extract<keyof Database, `${string}.payment_events`>;
