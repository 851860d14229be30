import type { ColumnType, Generated } from 'kysely';
import type {
  CaseAttachmentRemovalsTable,
  CaseAttachmentsTable,
  RecordAttachmentsTable as KitRecordAttachmentsTable,
} from 'shared/server/cases/attachments';
import type { CreatedTimestamp, DefaultedText, NullableTimestamp, Serial } from 'shared/server/database';

/** `community.newsletter_subscriptions`: one row per address. */
export interface NewsletterSubscriptionsTable {
  id: Serial;
  email: string;
  created_at: CreatedTimestamp;
}

export interface VolunteersTable {
  id: Serial;
  volunteer_name: string;
  volunteer_lastname: string;
  id_type: string;
  id_number: string;
  age: number;
  address: string;
  phone_number: string;
  email: string;
  institution: string | null;
  purposes: string;
  activities: string;
  created_at: CreatedTimestamp;
}

export interface AlliesTable {
  id: Serial;
  corporation_name: string;
  corp_phone_number: string;
  representative_name: string;
  representative_lastname: string;
  id_type: string;
  id_number: string;
  email: string;
  rep_phone_number: string;
  reviews: string | null;
  created_at: CreatedTimestamp;
}

export interface PqrsfRequestsTable {
  id: Serial;
  /** 16 digits the server assigned; the public number of the request. */
  radicado: string;
  status: DefaultedText;
  rol_type: string;
  name: string;
  lastname: string;
  id_type: string;
  id_number: string;
  /** The document as the lookup compares it (no dots, dashes or spaces; upper case). */
  id_number_key: string;
  phone_number: string;
  email: string;
  request_type: string;
  reviews: string;
  response: string | null;
  term_days: number;
  /** A calendar date (YYYY-MM-DD) kept as text so no driver shifts it by a time zone. */
  due_date: string;
  created_at: CreatedTimestamp;
}

export interface WorkshopInquiriesTable {
  id: Serial;
  workshop: string;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string;
  email: string;
  guest_type: string | null;
  occupation: string | null;
  empowerment_course: string | null;
  referral_source: string | null;
  comments_query: string;
  created_at: CreatedTimestamp;
}

export interface SoftwareRequestsTable {
  id: Serial;
  email: string;
  phone_number: string;
  full_name: string;
  created_at: CreatedTimestamp;
}

/** Acknowledgements sent per address (a hash, never the address) per Bogotá day (acknowledge.ts). */
export interface AcknowledgementCountsTable {
  day: string;
  address_hash: string;
  sent: number;
}

// ── Community inbox (#13, src/inbox/server/) ──────────────────────────────────────────────────────────────────────
/**
 * `community.record_history` (migration 013): a community record's case file, one row per act, never updated — a
 * contact, a reply e-mailed, a correction (field names only), a removal (the tombstone left when the record is deleted).
 */
export interface RecordHistoryTable {
  id: Generated<string>;
  /** The record's table without the schema: `volunteers`, `allies`, `workshop_inquiries`, `software_requests`, `newsletter_subscriptions`. */
  kind: string;
  record_id: number;
  /** 'contacto' | 'respuesta' | 'correccion' | 'eliminacion'. */
  event: string;
  /** A contact's channel ('telefono' | 'correo' | 'whatsapp' | 'en_persona'); null: a mark from before the history. */
  channel: string | null;
  note: string | null;
  subject: string | null;
  body: string | null;
  /** A correction's changed fields, comma-separated names. */
  fields: string | null;
  /** A removal's reason (a key of `removalReasons`). */
  reason: string | null;
  at: CreatedTimestamp;
  actor_sub: string | null;
  actor_email: string | null;
}

/**
 * `inbox_search` (migration 004): a generated column on each table the inbox lists — the searched fields, lower-cased and
 * without accents. Read-only: never inserted or updated.
 */
export type InboxSearchColumn = ColumnType<string, never, never>;

// Declared again rather than edited above: same-file interfaces merge, and the inbox's additions stay in one block.
export interface VolunteersTable {
  inbox_search: InboxSearchColumn;
}
export interface AlliesTable {
  inbox_search: InboxSearchColumn;
}
export interface WorkshopInquiriesTable {
  inbox_search: InboxSearchColumn;
}
export interface SoftwareRequestsTable {
  inbox_search: InboxSearchColumn;
}
export interface NewsletterSubscriptionsTable {
  inbox_search: InboxSearchColumn;
}

/**
 * `community.record_attachments` (migration 014): a file of a record's reply (pending until a reply claims it), the
 * legal-case kit's columns with the record's kind (its table) beside its id (`request_id`); and its removals queue.
 */
export type RecordAttachmentsTable = KitRecordAttachmentsTable;

declare module 'shared/server/database' {
  interface Database {
    'community.record_history': RecordHistoryTable;
    'community.record_attachments': RecordAttachmentsTable;
    'community.record_attachment_removals': CaseAttachmentRemovalsTable;
  }
}

// The community domain's tables in the site's one Database type (see shared/src/server/database.ts).
declare module 'shared/server/database' {
  interface Database {
    'community.newsletter_subscriptions': NewsletterSubscriptionsTable;
    'community.volunteers': VolunteersTable;
    'community.allies': AlliesTable;
    'community.pqrsf_requests': PqrsfRequestsTable;
    'community.workshop_inquiries': WorkshopInquiriesTable;
    'community.software_requests': SoftwareRequestsTable;
    'community.acknowledgement_counts': AcknowledgementCountsTable;
  }
}

// ── PQRSF case management (#13, src/pqrsf/server/; migration 005) ──────────────────────────────────────────────────────
// Declared again rather than edited above: same-file interfaces merge, and the case additions stay in one block.
export interface PqrsfRequestsTable {
  /** When the foundation answered (the answer's text is `response`). */
  responded_at: Date | null;
  /** The due date before the extension (YYYY-MM-DD); null until the term is extended. `due_date` is the one in force. */
  original_due_date: string | null;
  extension_reason: string | null;
  extended_at: Date | null;
  /** The competent entity the request was sent to (Ley 1755 art. 21). */
  transferred_to: string | null;
  /** The entity's address the petition was e-mailed to (migration 011, #32); null before that. */
  transfer_email: ColumnType<string | null, string | null | undefined, string | null>;
  transferred_at: Date | null;
  closed_at: Date | null;
  /** Names and surnames, lower-cased and without accents (generated): the inbox's name search. Read-only. */
  search_name: ColumnType<string, never, never>;
  /** The request's and the answer's text as a Spanish full-text vector, without accents (generated, migration 009). Read-only. */
  search_text: ColumnType<string, never, never>;
}

// Assignment (#32, migration 012; shared/server/cases/assign.ts).
export interface PqrsfRequestsTable {
  assignee_sub: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
  assigned_area: string | null;
  assigned_at: Date | null;
}

/** `community.pqrsf_history`: each status change or extension of a request, who and when (null actor: the filing). */
export interface PqrsfHistoryTable {
  id: Generated<string>;
  request_id: number;
  action: string;
  status: string;
  note: string | null;
  due_date: string | null;
  at: CreatedTimestamp;
  actor_sub: string | null;
  actor_email: string | null;
}

/** `community.pqrsf_notes`: the staff's internal notes on a request; never shown to the petitioner. */
export interface PqrsfNotesTable {
  id: Generated<string>;
  request_id: number;
  body: string;
  at: CreatedTimestamp;
  actor_sub: string;
  actor_email: string;
}

/** `community.pqrsf_status_counts`: requests per status, kept by triggers (migration 006); read-only for the code. */
export interface PqrsfStatusCountsTable {
  status: string;
  n: number;
}

declare module 'shared/server/database' {
  interface Database {
    'community.pqrsf_status_counts': PqrsfStatusCountsTable;
    'community.pqrsf_history': PqrsfHistoryTable;
    'community.pqrsf_notes': PqrsfNotesTable;
  }
}

// ── PQRSF attachments (#32, src/pqrsf/server/attachments.ts; migration 010) ─────────────────────────────────────────
/**
 * `community.pqrsf_attachments`: a file of a case's answer or note (pending until one claims it), kept in the object
 * store; `community.pqrsf_attachment_removals`: stored objects whose rows are gone. The case kit's columns.
 */
export type PqrsfAttachmentsTable = CaseAttachmentsTable;
export type PqrsfAttachmentRemovalsTable = CaseAttachmentRemovalsTable;

declare module 'shared/server/database' {
  interface Database {
    'community.pqrsf_attachments': PqrsfAttachmentsTable;
    'community.pqrsf_attachment_removals': PqrsfAttachmentRemovalsTable;
  }
}

// ── Newsletter double opt-in, unsubscribe and sends (#15, newsletter*.ts; migration 007) ───────────────────────────
export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

// Declared again rather than edited above: same-file interfaces merge, and the newsletter's additions stay in one block.
export interface NewsletterSubscriptionsTable {
  status: ColumnType<NewsletterStatus, NewsletterStatus | undefined, NewsletterStatus>;
  /** Where the address was given: 'footer' (the footer box). */
  source: DefaultedText;
  /** The last time it was subscribed (created_at is the first). */
  subscribed_at: CreatedTimestamp;
  confirmed_at: NullableTimestamp;
  unsubscribed_at: NullableTimestamp;
  /** When the last confirmation e-mail was queued (per-address resend limit). */
  confirmation_sent_at: NullableTimestamp;
}

/** `community.newsletter_confirmation_log`: one row per confirmation e-mail, by hashes of the requesting IP and the address. */
export interface NewsletterConfirmationLogTable {
  id: Generated<string>;
  ip_hash: string;
  address_hash: string;
  at: CreatedTimestamp;
}

/**
 * `community.newsletter_confirmations` (migration 008): one per confirmation e-mail, with the SHA-256 of its link's token;
 * every link works until it expires, whatever was sent after it. Gone when the subscription is confirmed or unsubscribed.
 */
export interface NewsletterConfirmationsTable {
  id: Generated<string>;
  subscription_id: number;
  token_hash: string;
  created_at: CreatedTimestamp;
  expires_at: Date;
}

/** `community.newsletter_sends`: each newsletter sent by staff. */
export interface NewsletterSendsTable {
  id: Serial;
  subject: string;
  body: string;
  sent_by_sub: string;
  sent_by_email: string;
  recipients: ColumnType<number, number | undefined, number>;
  queued: ColumnType<number, number | undefined, number>;
  created_at: CreatedTimestamp;
  finished_at: NullableTimestamp;
}

/** `community.newsletter_deliveries`: one per (send, subscriber), with the hash of that e-mail's unsubscribe token. */
export interface NewsletterDeliveriesTable {
  send_id: number;
  subscription_id: number;
  unsubscribe_token_hash: string;
  queued_at: CreatedTimestamp;
}

declare module 'shared/server/database' {
  interface Database {
    'community.newsletter_confirmation_log': NewsletterConfirmationLogTable;
    'community.newsletter_confirmations': NewsletterConfirmationsTable;
    'community.newsletter_sends': NewsletterSendsTable;
    'community.newsletter_deliveries': NewsletterDeliveriesTable;
  }
}
