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
}

// The courses domain's tables in the site's one Database type (see shared/src/server/database.ts).
declare module 'shared/server/database' {
  interface Database {
    'courses.enrolments': EnrolmentsTable;
    'courses.payment_notifications': PaymentNotificationsTable;
    'courses.payment_discrepancies': PaymentDiscrepanciesTable;
    'courses.payment_events': PaymentEventsTable;
  }
}
