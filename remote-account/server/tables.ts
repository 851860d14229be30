import type { ColumnType, Generated } from 'kysely';
import type { CreatedTimestamp, DefaultedText, NullableTimestamp, Serial } from 'shared/server/database';
import type { CaseAttachmentRemovalsTable, CaseAttachmentsTable } from 'shared/server/cases/attachments';

/** `account.payment_accounts` (index.ts): one account per paid enrolment, the claim that makes a reload create nothing. */
export interface PaymentAccountsTable {
  enrolment_reference: string;
  payment_id: string;
  email: string;
  /** 'pending' while the identity provider is asked, then 'created' or 'existing'. */
  outcome: DefaultedText;
  user_sub: string | null;
  created_at: CreatedTimestamp;
}

// The account domain's tables in the site's one Database type (see shared/src/server/database.ts). What it reads of the
// courses domain's enrolments goes through its service (courseEnrolmentsService, shared/src/server/services.ts).
/**
 * `account.data_requests` (data-requests/migrations.ts): a data subject's request (Ley 1581 arts. 14 y 15). Once answered
 * it keeps only what the law needs (radicado, kind, dates, outcome): `name`, `email`, `details` and `correction` are set
 * to null in the same transaction as the answer (`contact_erased_at`).
 */
export interface DataRequestsTable {
  id: Serial;
  /** 'DP-2026-000123'. */
  radicado: string;
  /** acceso | correccion | supresion | revocatoria */
  kind: string;
  /** Recibida | En trámite | Incompleta | Respondida | Desistida */
  status: DefaultedText;
  name: string | null;
  /** Lowercased, proved by the e-mailed code before the filing. */
  email: string | null;
  details: string | null;
  correction: string | null;
  term_days: number;
  /** YYYY-MM-DD (Bogotá), the one in force. */
  due_date: string;
  /** The due date before the one extension; null until extended. */
  original_due_date: string | null;
  extension_reason: string | null;
  extended_at: NullableTimestamp;
  response: string | null;
  responded_at: NullableTimestamp;
  /** What the answer did beyond the text: 'exportada' (acceso), 'suprimida' (erasure), or null. */
  outcome: string | null;
  /** The erasure engine's summary (JSON of counts per kind of record), for the staff screen. */
  erasure_summary: string | null;
  erased_at: NullableTimestamp;
  contact_erased_at: NullableTimestamp;
  /** Art. 15 (migration 003): when the person was asked to complete the reclamo, what was asked, when it came back. */
  completion_requested_at: NullableTimestamp;
  completion_message: string | null;
  completed_at: NullableTimestamp;
  created_at: CreatedTimestamp;
}

// Assignment (#32, migration 006; shared/server/cases/assign.ts): a member of the team or an area, and when.
export interface DataRequestsTable {
  assignee_sub: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
  assigned_area: string | null;
  assigned_at: NullableTimestamp;
}

/** `account.data_request_events`: the request's history (filing, actions), no personal data beyond the staff's e-mail. */
export interface DataRequestEventsTable {
  id: Serial;
  request_id: number;
  action: string;
  status: string;
  note: string | null;
  due_date: string | null;
  at: CreatedTimestamp;
  actor_sub: string | null;
  actor_email: string | null;
}

/**
 * `account.data_request_codes`: the codes that prove control of an address before a filing. Neither the address nor the
 * code is stored: `email_key` and `ip_key` are SHA-256 digests (rate limits), `code_hash` a salted SHA-256 of the code.
 */
export interface DataRequestCodesTable {
  id: Generated<string>;
  email_key: string;
  ip_key: string;
  salt: string;
  code_hash: string;
  /** Wrong codes typed while it was live, from any client (it cannot be typed after DATA_CODE_GUESSES). */
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedTimestamp;
  expires_at: Date;
  /** Used to file a request, by its code or its link (both go). */
  used_at: NullableTimestamp;
  /** Migration 005: SHA-256 of the token of the e-mail's one-time link, and until when it works (null before 005). */
  link_hash: ColumnType<string | null, string | undefined, string | null>;
  link_expires_at: ColumnType<Date | null, Date | undefined, Date | null>;
}

/** `account.data_request_code_misses` (migration 005): a wrong code typed, by digests of the address and the client. */
export interface DataRequestCodeMissesTable {
  id: Generated<string>;
  email_key: string;
  ip_key: string;
  at: CreatedTimestamp;
}

/** `account.data_request_exports`: the copy of a person's data sent for an acceso, behind a link that expires. */
export interface DataRequestExportsTable {
  id: Serial;
  request_id: number;
  /** SHA-256 of the link's token (the token itself travels only in the e-mail). */
  token_hash: string;
  /** The same digest as `data_request_codes.email_key`: an erasure finds the copies sent to the address by it. */
  email_key: string;
  /** The copy itself (it holds the person's data): deleted when the link expires, or with an erasure. */
  json: string;
  pdf: Uint8Array;
  records: number;
  created_at: CreatedTimestamp;
  expires_at: Date;
  downloaded_at: NullableTimestamp;
}

/**
 * `account.data_request_account_deletions` (migration 004): an erasure's deletion of the person's account at the identity
 * provider, still to do (it cannot be part of the database transaction). Deleted, with the answer e-mail queued, once
 * the account is gone; the address stays only until then, because the provider deletes an account by it.
 */
export interface DataRequestAccountDeletionsTable {
  id: Serial;
  request_id: number;
  email: string;
  created_at: CreatedTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  last_attempt_at: NullableTimestamp;
  /** A try in progress until then (the immediate one or the job's): nobody else calls the provider meanwhile. */
  claimed_until: NullableTimestamp;
}

/** `account.data_request_counters`: the year's last radicado number. */
export interface DataRequestCountersTable {
  year: number;
  last: number;
}

declare module 'shared/server/database' {
  interface Database {
    /** A request's answer attachments (#32, migration 007): the legal-case kit's columns. */
    'account.data_request_attachments': CaseAttachmentsTable;
    'account.data_request_attachment_removals': CaseAttachmentRemovalsTable;
    'account.payment_accounts': PaymentAccountsTable;
    'account.data_requests': DataRequestsTable;
    'account.data_request_events': DataRequestEventsTable;
    'account.data_request_codes': DataRequestCodesTable;
    'account.data_request_exports': DataRequestExportsTable;
    'account.data_request_counters': DataRequestCountersTable;
    'account.data_request_account_deletions': DataRequestAccountDeletionsTable;
    'account.data_request_code_misses': DataRequestCodeMissesTable;
  }
}
