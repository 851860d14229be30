import type { ColumnType } from 'kysely';
import type {
  CreatedTimestamp,
  DefaultedText,
  PayableTable,
  PaymentDiscrepanciesTable,
  PaymentEventsTable,
  PaymentNotificationsTable,
  Serial,
} from 'shared/server/database';

/** `courses.enrolments` (migrations.ts): one row per enrolment form, payable through the provider's checkout. */
export interface EnrolmentsTable extends PayableTable {
  id: Serial;
  course_name: string;
  module_name: string;
  course_title: string;
  /** What the catalogue priced, in whole COP; a payment must pay exactly this. */
  price: number;
  student_name: string;
  student_name_second: string | null;
  student_lastname: string;
  student_second_lastname: string | null;
  full_name: string;
  id_type: string;
  id_number: string;
  phone_number: string;
  email: string;
  profession: string;
  education: string;
  has_terms: boolean;
  /** 'PENDING' until the payment is approved ('ENROLLED'); 'COMPLETED' is set by the staff. */
  enrollment_status: DefaultedText;
  /** The account the enrolment is tied to (set at creation from a verified token, or when the account is opened). */
  user_email: string | null;
  user_sub: string | null;
  created_at: CreatedTimestamp;
  /** The cohort the enrolment is for (null for enrolments from before cohorts, migration 004). */
  cohort_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The cohort's start date (YYYY-MM-DD text), kept in step with `courses.cohorts.start_date` for receipts and Mis Cursos. */
  cohort_start_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** Until when the open checkout holds a seat in the cohort (a pending payment keeps it until `pending_seat_until`). */
  seat_held_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * Until when a pending payment (PSE, Efecty, a card payment under review) keeps the seat: the payment's own deadline
   * (migration 007). Null when no pending payment holds one; only counts while the payment is pending.
   */
  pending_seat_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the seat a pending payment held was released and the buyer told (once per held seat; migration 007). */
  seat_released_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Hash of the client IP that opened the live hold (caps holds per IP); null once the hold ended. Personal data. */
  seat_hold_client: ColumnType<string | null, string | null | undefined, string | null>;
  /** Generated (migration 005): name, e-mail, document and reference folded for the staff's search. */
  ledger_search: ColumnType<string, never, never>;
  /** When and by whom (staff e-mail) the enrolment was marked 'Completado' (migration 005). */
  completed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  completed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the staff last sent its receipt again (migration 005). */
  receipt_resent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A company buyer's NIT (with its check digit) and business name, for its invoice (migration 009); null: the student. */
  buyer_nit: ColumnType<string | null, string | null | undefined, string | null>;
  buyer_business_name: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * An enrolment the team entered (migration 012, src/enrolments/server/manual.ts): a scholarship or a payment outside the
   * site; null for one made through the form and the checkout.
   */
  manual_kind: ColumnType<'scholarship' | 'outside_payment' | null, 'scholarship' | 'outside_payment' | null | undefined>;
  /** The scholarship's reason, or the outside payment's reference (transfer or cash receipt number). */
  manual_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the outside payment brought, in whole COP (0 for a scholarship). */
  manual_amount: ColumnType<number | null, number | null | undefined, number | null>;
  /** The team member (e-mail) who entered it. */
  manual_by: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The cohort and start date this student's 24-hour reminder went out for (`<cohort id>:<YYYY-MM-DD>`, migration 016,
   * src/cohorts/server/reminder.ts); null before it. A student who joins, pays or is moved after the cohort's reminder
   * gets their own; a cohort moved to another date reminds everyone again.
   */
  reminded_for: ColumnType<string | null, string | null | undefined, string | null>;
}

/** `courses.cohorts` (migration 004): a course's start date, schedule and seats, managed by the staff. */
export interface CohortsTable {
  id: Serial;
  /** The course slug. */
  course_name: string;
  /** Bogotá calendar date (YYYY-MM-DD); select it through `cohortDate` (the drivers would make it a Date). */
  start_date: string;
  schedule: string;
  capacity: number;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  /** What the 24-hour reminder sends (classroom link, what to prepare). */
  access_instructions: DefaultedText;
  reminder_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * Since when the staff put this cohort on sale instead of the course's earliest open one (migration 008; null: not
   * chosen). At most one cohort per course has it.
   */
  on_sale_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * Bogotá calendar date (YYYY-MM-DD) of the last class (migration 010); select it through `cohortEndDate`. Null: not
   * set yet, and then no enrolment of the cohort can be marked complete.
   */
  end_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** The weekly class days as iCalendar codes, `MO,WE` (migration 013, manifest/class-schedule.ts); '' while not set. */
  class_days: DefaultedText;
  /** HH:MM, Bogotá time, of each class's start and end (migration 013); null while not set. */
  class_start: ColumnType<string | null, string | null | undefined, string | null>;
  class_end: ColumnType<string | null, string | null | undefined, string | null>;
  /** How to join (migration 013): an https link for online classes, or a place (address text); null while not set. */
  join_url: ColumnType<string | null, string | null | undefined, string | null>;
  join_place: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/**
 * `courses.invoices` (migration 009, src/invoicing): the invoicing outbox and its record. One invoice per approved sale and
 * one credit note per reversed one; `reference_code` is the idempotency key the provider is asked under.
 */
export interface InvoicesTable {
  id: Serial;
  kind: 'invoice' | 'credit_note';
  enrolment_reference: string;
  reference_code: string;
  /** A credit note's invoice. */
  invoice_id: Nullable<number>;
  state: ColumnType<'pending' | 'issuing' | 'issued' | 'rejected', 'pending' | 'issuing' | 'issued' | 'rejected' | undefined>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  /** Until when the attempt in progress owns the row (a process that died leaves it to be taken again after). */
  claimed_until: Nullable<Date>;
  /** The last failure, for the operators (not shown to the buyer). */
  last_error: Nullable<string>;
  /** The provider's (DIAN's) reasons for rejecting it, in Spanish, for the staff. */
  rejection: ColumnType<string[] | null, string | null | undefined, string | null>;
  /** The buyer as the invoice names them (see invoicing/documents.ts `InvoiceBuyer`), correctable by the staff. */
  buyer: ColumnType<unknown, string, string>;
  /** The buyer's e-mail and phone as the invoice gives them (blanked by an erasure; the name and document stay). */
  buyer_email: Nullable<string>;
  buyer_phone: Nullable<string>;
  /** What was sold (see `InvoiceLine`). */
  lines: ColumnType<unknown, string, string>;
  /** In whole COP, VAT included. */
  total: number;
  /** How it was paid (the provider's payment type id: credit_card, pse…). */
  payment_method: string;
  /** A credit note's reason. */
  reason: Nullable<string>;
  /** Prefix and consecutive, as DIAN knows it (SETP990000001). */
  number: Nullable<string>;
  /** The provider's id of the document (a credit note names its invoice by it). */
  provider_id: Nullable<number>;
  /** CUFE (invoice) or CUDE (credit note). */
  cufe: Nullable<string>;
  qr_url: Nullable<string>;
  issued_at: Nullable<Date>;
  /** Where its PDF is kept in the object store (kept as tax support). */
  pdf_key: Nullable<string>;
  /** Digest of the buyer's link to its PDF (the link's token is only in the e-mail). */
  link_hash: Nullable<string>;
  mailed_at: Nullable<Date>;
  /** The staff member who last sent it again after a rejection. */
  retried_by: Nullable<string>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

/**
 * `courses.completion_certificates` (migration 010, src/certificates): one per completion, numbered `FC-<year>-<seq>`
 * without gaps per year (`courses.certificate_counters`), with a random public verification code. An undone completion
 * voids it (kept, with who, when and why); completing again issues a new one.
 */
export interface CompletionCertificatesTable {
  id: Serial;
  number: string;
  year: number;
  seq: number;
  enrolment_reference: string;
  verification_code: string;
  student_name: string;
  id_type: string;
  id_number: string;
  course_title: string;
  module_name: string;
  cohort_start_date: Nullable<string>;
  cohort_end_date: string;
  /** Bogotá calendar date (YYYY-MM-DD) the team marked the enrolment complete. */
  completed_on: string;
  /** The enrolment's status before it was marked complete, where undoing puts it back. */
  previous_status: string;
  issued_by: string;
  issued_at: CreatedTimestamp;
  voided_at: Nullable<Date>;
  voided_by: Nullable<string>;
  void_reason: Nullable<string>;
}

/**
 * `courses.refunds` (migration 011, src/refunds): each refund the team asked for from the panel, claimed under its
 * idempotency key (`requested`) before the provider is called, `done` with the provider's refund id.
 */
export interface RefundsTable {
  id: Serial;
  enrolment_reference: string;
  payment_id: string;
  idempotency_key: string;
  /** Whole COP. */
  amount: number;
  reason: string;
  state: ColumnType<'requested' | 'done', 'requested' | 'done' | undefined, 'requested' | 'done'>;
  provider_refund_id: Nullable<string>;
  requested_by: string;
  requested_at: CreatedTimestamp;
  done_at: Nullable<Date>;
}

/** `courses.cohort_messages` (migration 014, src/cohorts/server/messages.ts): each message the team sent a cohort, once. */
export interface CohortMessagesTable {
  id: Serial;
  /** The id the panel made when the message's form opened: a repeated submit finds it and sends nothing. */
  message_id: string;
  cohort_id: number;
  subject: string;
  body: string;
  /** The staff member's e-mail. */
  sent_by: string;
  recipients: number;
  created_at: CreatedTimestamp;
}

/** `courses.cohort_message_deliveries` (migration 014): one per (message, enrolment), so each student gets it once. */
export interface CohortMessageDeliveriesTable {
  message_id: string;
  enrolment_reference: string;
  sent_at: Nullable<Date>;
}

/**
 * `courses.module_materials` (migration 015, src/modules): what the staff attach to a module of a course, for every
 * cohort of it: a file in the object store (`object_key`, its kind read from its bytes) or an https link.
 */
export interface ModuleMaterialsTable {
  id: Serial;
  /** The id in the addresses (a random UUID). */
  public_id: string;
  course_name: string;
  /** The module's place in the course (1, 2, 3), which stays when the catalogue renames it. */
  module_number: number;
  /** Order within the module (ascending). */
  position: number;
  title: string;
  kind: 'file' | 'link';
  url: Nullable<string>;
  object_key: Nullable<string>;
  /** The uploaded file's cleaned name, kind (pdf, docx…) and size in bytes. */
  file_name: Nullable<string>;
  file_kind: Nullable<string>;
  file_size: Nullable<number>;
  /** The staff member's e-mail. */
  created_by: string;
  created_at: CreatedTimestamp;
}

/** `courses.module_completions` (migration 015): a student's module the staff recorded as completed. */
export interface ModuleCompletionsTable {
  enrolment_reference: string;
  module_number: number;
  /** Bogotá calendar date (YYYY-MM-DD). */
  completed_on: string;
  marked_by: string;
  marked_at: CreatedTimestamp;
}

// The courses domain's tables in the site's one Database type (see shared/src/server/database.ts).
declare module 'shared/server/database' {
  interface Database {
    'courses.enrolments': EnrolmentsTable;
    'courses.cohorts': CohortsTable;
    'courses.invoices': InvoicesTable;
    'courses.completion_certificates': CompletionCertificatesTable;
    'courses.refunds': RefundsTable;
    'courses.certificate_counters': { year: number; last: number };
    'courses.cohort_messages': CohortMessagesTable;
    'courses.cohort_message_deliveries': CohortMessageDeliveriesTable;
    'courses.module_materials': ModuleMaterialsTable;
    'courses.module_completions': ModuleCompletionsTable;
    'courses.invoicing_since': { id: number; since: ColumnType<Date, Date | undefined, Date> };
    'courses.payment_notifications': PaymentNotificationsTable;
    'courses.payment_discrepancies': PaymentDiscrepanciesTable;
    'courses.payment_events': PaymentEventsTable;
  }
}
