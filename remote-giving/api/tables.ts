import type {
  CreatedTimestamp,
  PayableTable,
  PaymentDiscrepanciesTable,
  PaymentEventsTable,
  PaymentNotificationsTable,
  Serial,
} from 'shared/server/database';

/** `giving.contributions` (migrations.ts): one row per donation, stored before its checkout is created. */
export interface ContributionsTable extends PayableTable {
  id: Serial;
  contributor_name: string;
  contributor_lastname: string;
  id_type: string;
  id_number: string;
  email: string;
  phone_number: string;
  /** What the server decided, in whole COP; a payment must pay exactly this. */
  donation_amount: number;
  created_at: CreatedTimestamp;
}

// The giving domain's tables in the site's one Database type (see shared/src/server/database.ts).
declare module 'shared/server/database' {
  interface Database {
    'giving.contributions': ContributionsTable;
    'giving.payment_notifications': PaymentNotificationsTable;
    'giving.payment_discrepancies': PaymentDiscrepanciesTable;
    'giving.payment_events': PaymentEventsTable;
  }
}
