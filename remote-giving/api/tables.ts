import type { ColumnType } from 'kysely';
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
  /** Generated (migration 009): the donor's name, e-mail, document and the reference folded for the staff's search. */
  ledger_search: ColumnType<string, never, never>;
}

/** `giving.campaigns` (migration 004_campaigns): the donation campaigns whose progress /contribuciones shows. */
export interface CampaignsTable {
  id: Serial;
  title: string;
  /** Whole COP; `bigint`, which the drivers read back as a string. */
  goal_amount: ColumnType<string, number, number>;
  /** Bogotá calendar dates (YYYY-MM-DD), both included; select them with `to_char` (the drivers would make them Dates). */
  starts_on: string;
  ends_on: string;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
  /** E-mail of the staff member who saved it last. */
  updated_by: string | null;
}

// The giving domain's tables in the site's one Database type (see shared/src/server/database.ts).
declare module 'shared/server/database' {
  interface Database {
    'giving.contributions': ContributionsTable;
    'giving.campaigns': CampaignsTable;
    'giving.payment_notifications': PaymentNotificationsTable;
    'giving.payment_discrepancies': PaymentDiscrepanciesTable;
    'giving.payment_events': PaymentEventsTable;
  }
}
