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
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

// The courses domain's tables in the site's one Database type (see shared/src/server/database.ts).
declare module 'shared/server/database' {
  interface Database {
    'courses.enrolments': EnrolmentsTable;
    'courses.cohorts': CohortsTable;
    'courses.payment_notifications': PaymentNotificationsTable;
    'courses.payment_discrepancies': PaymentDiscrepanciesTable;
    'courses.payment_events': PaymentEventsTable;
  }
}
