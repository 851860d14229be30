import { sql, type Migration } from 'kysely';

/** `001_payment_accounts`: one account per paid enrolment, the claim that makes a reloaded success page create nothing. */
export const paymentAccountsMigration: Migration = {
  async up(db) {
    await db.schema
      .withSchema('account')
      .createTable('payment_accounts')
      // One account per paid enrolment: the claim that makes a reloaded success page create nothing.
      .addColumn('enrolment_reference', 'text', (c) => c.primaryKey())
      .addColumn('payment_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('user_sub', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

/**
 * `002_data_requests` of the account domain: the data subject's requests (Ley 1581 arts. 14 y 15), their history, the
 * e-mailed codes that prove an address, the copies of data sent for an acceso, and the radicado counter per year.
 * Column meanings: remote-account/server/tables.ts.
 */
export const dataRequestsMigration: Migration = {
  async up(db) {
    const s = db.schema.withSchema('account');
    await s
      .createTable('data_requests')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('radicado', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Recibida'))
      .addColumn('name', 'text')
      .addColumn('email', 'text')
      .addColumn('details', 'text')
      .addColumn('correction', 'text')
      .addColumn('term_days', 'integer', (c) => c.notNull())
      .addColumn('due_date', 'text', (c) => c.notNull())
      .addColumn('original_due_date', 'text')
      .addColumn('extension_reason', 'text')
      .addColumn('extended_at', 'timestamptz')
      .addColumn('response', 'text')
      .addColumn('responded_at', 'timestamptz')
      .addColumn('outcome', 'text')
      .addColumn('erasure_summary', 'text')
      .addColumn('erased_at', 'timestamptz')
      .addColumn('contact_erased_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    // The inbox in due-date order, and the open requests' deadlines (counts, digest) as range scans.
    await s.createIndex('data_requests_due').on('data_requests').columns(['due_date', 'id']).execute();
    await sql`create index data_requests_open_due on account.data_requests (due_date, id)
      where status in ('Recibida', 'En trámite')`.execute(db);
    await s.createIndex('data_requests_email').on('data_requests').column('email').execute();

    await s
      .createTable('data_request_events')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('request_id', 'integer', (c) => c.notNull().references('account.data_requests.id').onDelete('cascade'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('due_date', 'text')
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('actor_sub', 'text')
      .addColumn('actor_email', 'text')
      .execute();
    await s.createIndex('data_request_events_request').on('data_request_events').columns(['request_id', 'id']).execute();

    await s
      .createTable('data_request_codes')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('email_key', 'text', (c) => c.notNull())
      .addColumn('ip_key', 'text', (c) => c.notNull())
      .addColumn('salt', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();
    await s.createIndex('data_request_codes_email').on('data_request_codes').columns(['email_key', 'created_at']).execute();
    await s.createIndex('data_request_codes_ip').on('data_request_codes').columns(['ip_key', 'created_at']).execute();

    await s
      .createTable('data_request_exports')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('request_id', 'integer', (c) => c.notNull().references('account.data_requests.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      // The person's address digest: an erasure deletes every copy sent to it, even after the request forgot the address.
      .addColumn('email_key', 'text', (c) => c.notNull())
      .addColumn('json', 'text', (c) => c.notNull())
      .addColumn('pdf', 'bytea', (c) => c.notNull())
      .addColumn('records', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('downloaded_at', 'timestamptz')
      .execute();
    await s.createIndex('data_request_exports_email').on('data_request_exports').column('email_key').execute();

    await s
      .createTable('data_request_counters')
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('last', 'integer', (c) => c.notNull())
      .execute();
  },
};

/**
 * `003_data_request_completion` of the account domain (art. 15): a reclamo sent back to the person to complete it, when
 * and with what message, and when the completed one arrived (its term then starts again).
 */
export const dataRequestCompletionMigration: Migration = {
  async up(db) {
    await db.schema
      .withSchema('account')
      .alterTable('data_requests')
      .addColumn('completion_requested_at', 'timestamptz')
      .addColumn('completion_message', 'text')
      .addColumn('completed_at', 'timestamptz')
      .execute();
  },
};

/**
 * `004_data_request_account_deletions` of the account domain: an erasure's deletion of the person's account at the
 * identity provider, still to do. The erasure commits the database part and this row in one transaction; the network
 * call follows, and the row goes (with the answer e-mail queued) once the account is gone. Until then it keeps the
 * address, because the provider deletes an account by it. `claimed_until` keeps two tries from running at once.
 */
export const dataRequestAccountDeletionsMigration: Migration = {
  async up(db) {
    await db.schema
      .withSchema('account')
      .createTable('data_request_account_deletions')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('request_id', 'integer', (c) => c.notNull().unique().references('account.data_requests.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_attempt_at', 'timestamptz')
      .addColumn('claimed_until', 'timestamptz')
      .execute();
  },
};

/**
 * `005_data_request_links` of the account domain: limits that protect an address without locking its owner out.
 * - Each code e-mail also carries a one-time link that proves the mailbox by itself: `link_hash` is the SHA-256 of its
 *   token (never the token), valid until `link_expires_at` (24 hours), used up with the code (`used_at`).
 * - `data_request_code_misses`: one row per wrong code typed, by digests of the address and of the client's network, so
 *   wrong guesses are counted per client as well as per code (`data_request_codes.attempts`).
 */
export const dataRequestLinksMigration: Migration = {
  async up(db) {
    const s = db.schema.withSchema('account');
    await s
      .alterTable('data_request_codes')
      .addColumn('link_hash', 'text', (c) => c.unique())
      .addColumn('link_expires_at', 'timestamptz')
      .execute();
    await s
      .createTable('data_request_code_misses')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('email_key', 'text', (c) => c.notNull())
      .addColumn('ip_key', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await s.createIndex('data_request_code_misses_client').on('data_request_code_misses').columns(['email_key', 'ip_key', 'at']).execute();
  },
};

/**
 * `006_case_assignment` of the account domain (#32, shared/server/cases/assign.ts): who a request is assigned to, a
 * member of the team (account id when known, address, name as chosen) or an area, and when.
 */
export const dataRequestAssignmentMigration: Migration = {
  async up(db) {
    const s = db.schema.withSchema('account');
    await s
      .alterTable('data_requests')
      .addColumn('assignee_sub', 'text')
      .addColumn('assignee_email', 'text')
      .addColumn('assignee_name', 'text')
      .addColumn('assigned_area', 'text')
      .addColumn('assigned_at', 'timestamptz')
      .execute();
    await s.createIndex('data_requests_assignee').on('data_requests').columns(['assignee_email', 'due_date', 'id']).execute();
  },
};

/**
 * `007_data_request_attachments` (#32, the legal-case kit's shared/server/cases/attachments.ts): the files the team
 * attaches to a request's answer, as PQRSF's (community `010_pqrsf_attachments`).
 * - `data_request_attachments`: a file uploaded by a member of the team to a request, kept in the object store under
 *   `datos/adjuntos/…` (a random key). Pending (attached_to null) until the answer claims it; unclaimed ones are dropped
 *   after a day. An answer's attachment keeps the SHA-256 of its e-mailed link's token (never the token) and the link's
 *   expiry. Rows go with their request. `note_id` is the kit's column (requests have no notes table yet): always null.
 * - `data_request_attachment_removals`: the object keys of deleted rows, queued by a trigger whatever deleted them (the
 *   purge of pending uploads, a person's erasure), so the hourly job removes the stored bytes too.
 */
export const dataRequestAttachmentsMigration: Migration = {
  async up(db) {
    const s = db.schema.withSchema('account');
    await s
      .createTable('data_request_attachments')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('request_id', 'integer', (c) => c.notNull().references('account.data_requests.id').onDelete('cascade'))
      .addColumn('attached_to', 'text')
      .addColumn('note_id', 'bigint')
      .addColumn('object_key', 'text', (c) => c.notNull().unique())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('attached_at', 'timestamptz')
      .addColumn('actor_sub', 'text', (c) => c.notNull())
      .addColumn('actor_email', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.unique())
      .addColumn('token_expires_at', 'timestamptz')
      .execute();
    await s.createIndex('data_request_attachments_request').on('data_request_attachments').columns(['request_id', 'id']).execute();
    await sql`create index data_request_attachments_pending on account.data_request_attachments (uploaded_at) where attached_to is null`.execute(
      db,
    );
    await s
      .createTable('data_request_attachment_removals')
      .addColumn('object_key', 'text', (c) => c.primaryKey())
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`
      create function account.data_request_attachment_removed() returns trigger language plpgsql as $$
      begin
        insert into account.data_request_attachment_removals (object_key) values (old.object_key) on conflict do nothing;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger data_request_attachment_removed after delete on account.data_request_attachments
      for each row execute function account.data_request_attachment_removed()`.execute(db);
  },
};

/** The account domain's migrations (schema `account`), in order. */
export const accountMigrations: Record<string, Migration> = {
  '001_payment_accounts': paymentAccountsMigration,
  // The data subject's requests (#15).
  '002_data_requests': dataRequestsMigration,
  '003_data_request_completion': dataRequestCompletionMigration,
  '004_data_request_account_deletions': dataRequestAccountDeletionsMigration,
  '005_data_request_links': dataRequestLinksMigration,
  '006_case_assignment': dataRequestAssignmentMigration,
  '007_data_request_attachments': dataRequestAttachmentsMigration,
};
