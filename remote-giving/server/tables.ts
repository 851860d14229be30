import type { ColumnType } from 'kysely';
import type {
  CreatedTimestamp,
  PayableTable,
  PaymentDiscrepanciesTable,
  PaymentEventsTable,
  PaymentNotificationsTable,
  Serial,
} from 'shared/server/database';
import type { MonthlyCounting } from '../src/campaign/schemas';

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
  /** SHA-256 of the donor's certificate link token, and until when the link works (migration 005). */
  certificate_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  certificate_token_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A monthly gift's charge (migration 011): its subscription's reference, and the provider's authorized payment (one per cycle). */
  subscription_reference: ColumnType<string | null, string | null | undefined, string | null>;
  authorized_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type MonthlyStatus = 'pending' | 'authorized' | 'paused' | 'cancelled';

/** `giving.subscriptions` (migration 011): a monthly gift, mirrored from its Mercado Pago preapproval. */
export interface SubscriptionsTable {
  id: Serial;
  /** Public id of the monthly gift and the preapproval's external_reference (MEN-…). */
  reference: string;
  /** The provider's id; null only between the insert and the provider's answer. */
  preapproval_id: ColumnType<string | null, string | null | undefined, string | null>;
  contributor_name: string;
  contributor_lastname: string;
  id_type: string;
  id_number: string;
  email: string;
  phone_number: string;
  /** Whole COP per month, as the provider last confirmed it. */
  amount: number;
  status: ColumnType<MonthlyStatus, MonthlyStatus | undefined, MonthlyStatus>;
  next_payment_date: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The provider's last_modified of the state mirrored here: an older read never overwrites a newer one. */
  provider_modified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** SHA-256 (base64url) of the donor's manage-link token. */
  manage_token_hash: string;
  /** The latest charge attempt was rejected (the provider retries it). */
  failing: ColumnType<boolean, boolean | undefined, boolean>;
  last_charge_status: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the first authorization's e-mail (with the manage link) went out. */
  welcome_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Who cancelled: 'donante' (manage link), 'equipo' (the panel, at the donor's request), 'proveedor' (rejected charges or elsewhere). */
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the gift was first authorized (migration 013): from then on it counts in the monthly recurring revenue. */
  authorized_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Since when it is paused; null when it is not (migration 013). */
  paused_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The card's brand as the provider reports it (`visa`, `master`…), when known (migration 013). */
  payment_method_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Generated (migration 013): the donor's name, e-mail, document and the reference folded for the staff's search. */
  ledger_search: ColumnType<string, never, never>;
  /** The card of the latest approved charge (migration 012): its last four digits and expiry month, 'YYYY-MM'. */
  card_last_four: ColumnType<string | null, string | null | undefined, string | null>;
  card_expires: ColumnType<string | null, string | null | undefined, string | null>;
}

/** `giving.subscription_notices` (migration 011): the notices sent, once each: a rejected charge's, and a cancellation by the provider. */
export interface SubscriptionNoticesTable {
  /**
   * What was noticed: `cycle:<authorized payment id>` (a rejected charge), a rejected payment's id when its cycle is
   * unknown, `cancel:<subscription reference>`, `expiry:<subscription reference>:<YYYY-MM>` (the card expires) or
   * `thanks:<year>:<SHA-256 hex of the lower-cased e-mail>` (January's thank-you, one per donor and year).
   */
  payment_id: string;
  subscription_reference: string;
  kind: string;
  sent_at: CreatedTimestamp;
}

/** `giving.campaigns` (migrations 004_campaigns, 010_campaign_story): the donation campaigns /contribuciones shows. */
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
  /** Public plain text, paragraphs separated by blank lines (#28). */
  description: string | null;
  /** One of the site's published files, `/archivos/<id>.<ext>`, with its required text alternative. */
  image_src: string | null;
  image_alt: string | null;
  /** How monthly gifts count toward the goal (migration 012; src/campaign/schemas.ts says how). */
  monthly_counting: ColumnType<MonthlyCounting, MonthlyCounting | undefined, MonthlyCounting>;
}

/** `giving.certificates` (migration 005): the donation certificates issued, numbered per donation year. */
export interface CertificatesTable {
  id: Serial;
  /** CD-<year>-<seq, six digits>. */
  number: string;
  kind: 'donation' | 'annual';
  year: number;
  seq: number;
  /** The donation a per-donation certificate covers; null on annual ones (their donations are in certificate_donations). */
  contribution_reference: string | null;
  /** The donor as the annual certificate groups them: document type and number without separators. */
  donor_key: string;
  donor_name: string;
  donor_id_type: string;
  donor_id_number: string;
  /** Whole COP; `bigint`, which the drivers read back as a string. */
  amount: ColumnType<string, number, number>;
  issued_at: CreatedTimestamp;
  /** The team member's e-mail, or 'enlace del donante' when the donor's personal link issued it. */
  issued_by: string;
  voided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** `giving.certificate_donations` (migration 005): each certificate's donations as certified. */
export interface CertificateDonationsTable {
  certificate_id: number;
  contribution_reference: string;
  amount: ColumnType<string, number, number>;
  approved_at: Date;
  payment_type: string | null;
}

/** `giving.certificate_counters` (migration 005): the last certificate number used in each year. */
export interface CertificateCountersTable {
  year: number;
  last: number;
}

// The giving domain's tables in the site's one Database type (see shared/src/server/database.ts).
declare module 'shared/server/database' {
  interface Database {
    'giving.contributions': ContributionsTable;
    'giving.subscriptions': SubscriptionsTable;
    'giving.subscription_notices': SubscriptionNoticesTable;
    'giving.campaigns': CampaignsTable;
    'giving.certificates': CertificatesTable;
    'giving.certificate_donations': CertificateDonationsTable;
    'giving.certificate_counters': CertificateCountersTable;
    'giving.payment_notifications': PaymentNotificationsTable;
    'giving.payment_discrepancies': PaymentDiscrepanciesTable;
    'giving.payment_events': PaymentEventsTable;
  }
}
