import { sql } from 'kysely';
import type { DomainMigrations } from 'shared/server/db';

export const communityMigrations: DomainMigrations = {
  schema: 'community',
  migrations: {
    '001_newsletter': {
      async up(db) {
        await db.schema
          .withSchema('community')
          .createTable('newsletter_subscriptions')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
      },
    },
    '002_community_forms': {
      // Volunteers, allies, PQRSF and inquiries: every accepted form is a row before the visitor is told it was sent.
      async up(db) {
        const s = db.schema.withSchema('community');
        await s
          .createTable('volunteers')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('volunteer_name', 'text', (c) => c.notNull())
          .addColumn('volunteer_lastname', 'text', (c) => c.notNull())
          .addColumn('id_type', 'text', (c) => c.notNull())
          .addColumn('id_number', 'text', (c) => c.notNull())
          .addColumn('age', 'integer', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('phone_number', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('institution', 'text')
          .addColumn('purposes', 'text', (c) => c.notNull())
          .addColumn('activities', 'text', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await s
          .createTable('allies')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('corporation_name', 'text', (c) => c.notNull())
          .addColumn('corp_phone_number', 'text', (c) => c.notNull())
          .addColumn('representative_name', 'text', (c) => c.notNull())
          .addColumn('representative_lastname', 'text', (c) => c.notNull())
          .addColumn('id_type', 'text', (c) => c.notNull())
          .addColumn('id_number', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('rep_phone_number', 'text', (c) => c.notNull())
          .addColumn('reviews', 'text')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await s
          .createTable('pqrsf_requests')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('radicado', 'text', (c) => c.notNull().unique())
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('En proceso'))
          .addColumn('rol_type', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('lastname', 'text', (c) => c.notNull())
          .addColumn('id_type', 'text', (c) => c.notNull())
          .addColumn('id_number', 'text', (c) => c.notNull())
          // The document as compared by the lookup (no dots, dashes or spaces; upper case).
          .addColumn('id_number_key', 'text', (c) => c.notNull())
          .addColumn('phone_number', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('request_type', 'text', (c) => c.notNull())
          .addColumn('reviews', 'text', (c) => c.notNull())
          .addColumn('response', 'text')
          .addColumn('term_days', 'integer', (c) => c.notNull())
          // A calendar date (YYYY-MM-DD) kept as text so no driver shifts it by a time zone.
          .addColumn('due_date', 'text', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await s
          .createTable('workshop_inquiries')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('workshop', 'text', (c) => c.notNull())
          .addColumn('full_name', 'text')
          .addColumn('first_name', 'text')
          .addColumn('last_name', 'text')
          .addColumn('phone_number', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('guest_type', 'text')
          .addColumn('occupation', 'text')
          .addColumn('empowerment_course', 'text')
          .addColumn('referral_source', 'text')
          .addColumn('comments_query', 'text', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await s
          .createTable('software_requests')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('phone_number', 'text', (c) => c.notNull())
          .addColumn('full_name', 'text', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
      },
    },
    '003_acknowledgement_counts': {
      // How many acknowledgements each address received today (acknowledge.ts); keyed by a hash, never the address.
      async up(db) {
        await db.schema
          .withSchema('community')
          .createTable('acknowledgement_counts')
          // The Bogotá calendar date (YYYY-MM-DD); first in the key so dropping past days walks the index.
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('address_hash', 'text', (c) => c.notNull())
          .addColumn('sent', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('acknowledgement_counts_pkey', ['day', 'address_hash'])
          .execute();
      },
    },
    // ── Community inbox (#13, community-inbox.ts) ────────────────────────────────────────────────────────────────
    '004_community_inbox': {
      // The staff inbox of volunteers, allies, workshop inquiries, software requests and subscribers:
      // - contact_marks: the 'Contactado' mark, one row per record at most (kind = the record's table), deleted on undo;
      //   the history of marks and undos is the audit log's. A table of its own, not columns on five tables, so the
      //   forms' tables keep only what visitors filed and one query shape serves every kind.
      // - (created_at, id) indexes for the inbox's keyset order, newest first.
      // - inbox_search: a generated column with the fields the inbox searches (names, e-mail, document with and without
      //   separators, company), lower-cased and without accents, so a LIKE over one column serves every kind; a trigram
      //   index speeds it up where pg_trgm can be installed (PostgreSQL; not the embedded PGlite, where tables are small).
      async up(db) {
        await db.schema
          .withSchema('community')
          .createTable('contact_marks')
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('record_id', 'integer', (c) => c.notNull())
          .addColumn('contacted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('contacted_by_sub', 'text', (c) => c.notNull())
          .addColumn('contacted_by_email', 'text', (c) => c.notNull())
          .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
          .addPrimaryKeyConstraint('contact_marks_pkey', ['kind', 'record_id'])
          .execute();
        // Kept here, not imported: a migration never changes, even when the inbox's own copy does (shared/src/server/ledger-search.ts).
        const accented = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
        const plain = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';
        const doc = (column: string) => `${column} || ' | ' || translate(${column}, '.- ', '')`;
        const searched: Record<string, string> = {
          volunteers: `volunteer_name || ' ' || volunteer_lastname || ' | ' || email || ' | ' || ${doc('id_number')} || ' | ' || coalesce(institution, '')`,
          allies: `corporation_name || ' | ' || representative_name || ' ' || representative_lastname || ' | ' || email || ' | ' || ${doc('id_number')}`,
          workshop_inquiries: `coalesce(full_name, '') || ' | ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' | ' || email`,
          software_requests: `full_name || ' | ' || email`,
          newsletter_subscriptions: `email`,
        };
        // A failure inside the block is rolled back to it, so the migration's own transaction goes on without pg_trgm.
        await sql`do $$ begin create extension if not exists pg_trgm; exception when others then null; end $$`.execute(db);
        const found = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
        const trigram = (found.rows[0]?.n ?? 0) > 0;
        for (const [table, expression] of Object.entries(searched)) {
          await db.schema.withSchema('community').createIndex(`${table}_inbox_order`).on(table).columns(['created_at', 'id']).execute();
          await db.schema
            .withSchema('community')
            .alterTable(table)
            .addColumn('inbox_search', 'text', (c) =>
              c
                .generatedAlwaysAs(sql.raw(`translate(lower(${expression}), '${accented}', '${plain}')`))
                .stored()
                .notNull(),
            )
            .execute();
          if (trigram)
            await sql.raw(`create index ${table}_inbox_search on community.${table} using gin (inbox_search gin_trgm_ops)`).execute(db);
        }
      },
    },
    // ── PQRSF case management (#13, pqrsf-staff.ts) ──────────────────────────────────────────────────────────────
    '005_pqrsf_cases': {
      // The staff's case management of PQRSF (Ley 1755 de 2015):
      // - pqrsf_requests gains the case's facts: the answer's date (the answer text is the existing `response`), the
      //   extension (art. 14 parágrafo: reason, when, and the due date before it; `due_date` becomes the extended one, so
      //   the inbox orders and the lookup shows the date in force), the transfer (art. 21: entity and when) and the closing.
      // - pqrsf_history: every status change and extension, who (staff sub and e-mail; null for the filing) and when, with
      //   the note or reason. Existing requests get their filing row here.
      // - pqrsf_notes: the staff's internal notes (never shown to the petitioner).
      // - Inbox indexes: (due_date, id) for the whole list, the same partial on the open statuses (the default view and the
      //   due-soon/overdue filters are range scans of it), (status, due_date, id) for one status, prefix indexes
      //   (text_pattern_ops: any collation) for radicado and document search, and `search_name` — names and surnames
      //   lower-cased and without accents — trigram-indexed where pg_trgm installs (PostgreSQL; the embedded PGlite runs
      //   the same LIKE without the index).
      async up(db) {
        const s = db.schema.withSchema('community');
        // Kept here, not imported: a migration never changes, even when the inbox's own copy does (pqrsf-staff-search.ts).
        const accented = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
        const plain = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';
        await s
          .alterTable('pqrsf_requests')
          .addColumn('responded_at', 'timestamptz')
          .addColumn('original_due_date', 'text')
          .addColumn('extension_reason', 'text')
          .addColumn('extended_at', 'timestamptz')
          .addColumn('transferred_to', 'text')
          .addColumn('transferred_at', 'timestamptz')
          .addColumn('closed_at', 'timestamptz')
          .addColumn('search_name', 'text', (c) =>
            c
              .generatedAlwaysAs(sql.raw(`translate(lower(name || ' ' || lastname), '${accented}', '${plain}')`))
              .stored()
              .notNull(),
          )
          .execute();
        await s
          .createTable('pqrsf_history')
          .addColumn('id', 'bigserial', (c) => c.primaryKey())
          .addColumn('request_id', 'integer', (c) => c.notNull().references('community.pqrsf_requests.id').onDelete('cascade'))
          // radicada | en_tramite | respondida | ampliada | trasladada | cerrada
          .addColumn('action', 'text', (c) => c.notNull())
          // The status after the event ('En proceso', 'En trámite', 'Respondida', 'Trasladada', 'Cerrada').
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('note', 'text')
          // The due date an extension set (YYYY-MM-DD); null for other events.
          .addColumn('due_date', 'text')
          .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('actor_sub', 'text')
          .addColumn('actor_email', 'text')
          .execute();
        await s.createIndex('pqrsf_history_request').on('pqrsf_history').columns(['request_id', 'id']).execute();
        await s
          .createTable('pqrsf_notes')
          .addColumn('id', 'bigserial', (c) => c.primaryKey())
          .addColumn('request_id', 'integer', (c) => c.notNull().references('community.pqrsf_requests.id').onDelete('cascade'))
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('actor_sub', 'text', (c) => c.notNull())
          .addColumn('actor_email', 'text', (c) => c.notNull())
          .execute();
        await s.createIndex('pqrsf_notes_request').on('pqrsf_notes').columns(['request_id', 'id']).execute();
        await sql`
          insert into community.pqrsf_history (request_id, action, status, at)
          select id, 'radicada', status, created_at from community.pqrsf_requests`.execute(db);

        await s.createIndex('pqrsf_requests_due').on('pqrsf_requests').columns(['due_date', 'id']).execute();
        await sql`
          create index pqrsf_requests_open_due on community.pqrsf_requests (due_date, id)
          where status in ('En proceso', 'En trámite')`.execute(db);
        await s.createIndex('pqrsf_requests_status_due').on('pqrsf_requests').columns(['status', 'due_date', 'id']).execute();
        await sql`create index pqrsf_requests_radicado_prefix on community.pqrsf_requests (radicado text_pattern_ops)`.execute(db);
        await sql`create index pqrsf_requests_document_prefix on community.pqrsf_requests (id_number_key text_pattern_ops)`.execute(db);
        // A failure inside the block is rolled back to it, so the migration's own transaction goes on without pg_trgm.
        await sql`do $$ begin create extension if not exists pg_trgm; exception when others then null; end $$`.execute(db);
        const found = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
        if ((found.rows[0]?.n ?? 0) > 0)
          await sql`create index pqrsf_requests_search_name on community.pqrsf_requests using gin (search_name gin_trgm_ops)`.execute(db);
      },
    },
    // ── PQRSF case management (#13, pqrsf-staff-inbox.ts) ─────────────────────────────────────────────────────────
    '006_pqrsf_status_counts': {
      // The inbox's counts per status, kept by statement-level triggers (transition tables: one upsert per statement
      // and status, whatever the number of rows). Counting 100,000 requests by status took ~75 ms on PostgreSQL at every
      // inbox page (a sequential scan); reading five rows takes well under one. Rows are upserted in status order, so
      // two statements never wait on each other's rows in opposite orders.
      async up(db) {
        await db.schema
          .withSchema('community')
          .createTable('pqrsf_status_counts')
          .addColumn('status', 'text', (c) => c.primaryKey())
          .addColumn('n', 'integer', (c) => c.notNull())
          .execute();
        await sql`
          insert into community.pqrsf_status_counts (status, n)
          select status, count(*)::int from community.pqrsf_requests group by status`.execute(db);
        await sql`
          create function community.pqrsf_status_counts_apply() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then
              insert into community.pqrsf_status_counts as c (status, n)
              select status, count(*)::int from new_rows group by status order by status
              on conflict (status) do update set n = c.n + excluded.n;
            elsif tg_op = 'DELETE' then
              insert into community.pqrsf_status_counts as c (status, n)
              select status, -count(*)::int from old_rows group by status order by status
              on conflict (status) do update set n = c.n + excluded.n;
            else
              insert into community.pqrsf_status_counts as c (status, n)
              select status, sum(d)::int from (
                select status, 1 as d from new_rows union all select status, -1 as d from old_rows
              ) changes group by status having sum(d) <> 0 order by status
              on conflict (status) do update set n = c.n + excluded.n;
            end if;
            return null;
          end
          $$`.execute(db);
        await sql`
          create trigger pqrsf_status_counts_insert after insert on community.pqrsf_requests
          referencing new table as new_rows for each statement execute function community.pqrsf_status_counts_apply()`.execute(db);
        await sql`
          create trigger pqrsf_status_counts_update after update on community.pqrsf_requests
          referencing old table as old_rows new table as new_rows
          for each statement execute function community.pqrsf_status_counts_apply()`.execute(db);
        await sql`
          create trigger pqrsf_status_counts_delete after delete on community.pqrsf_requests
          referencing old table as old_rows for each statement execute function community.pqrsf_status_counts_apply()`.execute(db);
      },
    },
    // ── Newsletter double opt-in, unsubscribe and sends (#15, newsletter*.ts) ──────────────────────────────────────
    '007_newsletter_opt_in': {
      // - newsletter_subscriptions gains its status ('pending' until the link e-mailed to the address is used,
      //   'confirmed', 'unsubscribed'), the dates of each step, where it came from, and the pending confirmation: the
      //   SHA-256 of a random token (never the token), its expiry and when the last confirmation e-mail went out (the
      //   per-address resend limit). Rows from before double opt-in never confirmed: they start 'pending' and get nothing.
      // - newsletter_confirmation_log: one row per confirmation e-mail with hashes of the requesting IP and of the address
      //   (per-IP and per-address limits; rows older than a day are dropped).
      // - newsletter_sends: each newsletter staff sent (subject, body, who, counts, dates).
      // - newsletter_deliveries: one row per (send, subscriber) with the hash of that e-mail's own unsubscribe token, so
      //   a send never mails an address twice and the link identifies the subscription without naming the address.
      async up(db) {
        const s = db.schema.withSchema('community');
        await s
          .alterTable('newsletter_subscriptions')
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
          .addColumn('source', 'text', (c) => c.notNull().defaultTo('footer'))
          .addColumn('subscribed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('confirmed_at', 'timestamptz')
          .addColumn('unsubscribed_at', 'timestamptz')
          .addColumn('confirm_token_hash', 'text', (c) => c.unique())
          .addColumn('confirm_expires_at', 'timestamptz')
          .addColumn('confirmation_sent_at', 'timestamptz')
          .execute();
        await sql`update community.newsletter_subscriptions set subscribed_at = created_at`.execute(db);
        await s.createIndex('newsletter_subscriptions_status').on('newsletter_subscriptions').columns(['status', 'id']).execute();
        await s
          .createTable('newsletter_confirmation_log')
          .addColumn('id', 'bigserial', (c) => c.primaryKey())
          .addColumn('ip_hash', 'text', (c) => c.notNull())
          .addColumn('address_hash', 'text', (c) => c.notNull())
          .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await s.createIndex('newsletter_confirmation_log_ip').on('newsletter_confirmation_log').columns(['ip_hash', 'at']).execute();
        await s
          .createIndex('newsletter_confirmation_log_address')
          .on('newsletter_confirmation_log')
          .columns(['address_hash', 'at'])
          .execute();
        await s
          .createTable('newsletter_sends')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('sent_by_sub', 'text', (c) => c.notNull())
          .addColumn('sent_by_email', 'text', (c) => c.notNull())
          // Confirmed subscribers when the send started, and e-mails queued so far.
          .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('queued', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('finished_at', 'timestamptz')
          .execute();
        await s
          .createTable('newsletter_deliveries')
          .addColumn('send_id', 'integer', (c) => c.notNull().references('community.newsletter_sends.id').onDelete('cascade'))
          .addColumn('subscription_id', 'integer', (c) =>
            c.notNull().references('community.newsletter_subscriptions.id').onDelete('cascade'),
          )
          .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addPrimaryKeyConstraint('newsletter_deliveries_pkey', ['send_id', 'subscription_id'])
          .execute();
        await s.createIndex('newsletter_deliveries_subscription').on('newsletter_deliveries').column('subscription_id').execute();
      },
    },
    // ── Every confirmation link works for its lifetime (trust boundaries, round two) ─────────────────────────────────
    '008_newsletter_confirmation_links': {
      // - newsletter_confirmations: one row per confirmation e-mail with the SHA-256 of its token and its expiry, so a
      //   newer e-mail (a stranger can cause one by typing the address) no longer voids the link the owner received.
      //   Confirming, unsubscribing or deleting the subscription removes its rows.
      // - The single pending token of newsletter_subscriptions moves there, and its two columns go.
      async up(db) {
        const s = db.schema.withSchema('community');
        await s
          .createTable('newsletter_confirmations')
          .addColumn('id', 'bigserial', (c) => c.primaryKey())
          .addColumn('subscription_id', 'integer', (c) =>
            c.notNull().references('community.newsletter_subscriptions.id').onDelete('cascade'),
          )
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
          .execute();
        await s.createIndex('newsletter_confirmations_subscription').on('newsletter_confirmations').column('subscription_id').execute();
        await sql`insert into community.newsletter_confirmations (subscription_id, token_hash, created_at, expires_at)
          select id, confirm_token_hash, coalesce(confirmation_sent_at, now()), confirm_expires_at
          from community.newsletter_subscriptions
          where confirm_token_hash is not null and confirm_expires_at is not null and status = 'pending'`.execute(db);
        await s.alterTable('newsletter_subscriptions').dropColumn('confirm_token_hash').dropColumn('confirm_expires_at').execute();
      },
    },
    // ── PQRSF reports and full-text search (#32, src/pqrsf/server/staff-inbox.ts) ──────────────────────────────────
    '009_pqrsf_search': {
      // `search_text`: the request's text (`reviews`) and the answer (`response`) as a Spanish full-text vector, built
      // from the text lower-cased and without accents (translate(): PGlite has no `unaccent` extension, and both engines
      // must agree), so "certificado" finds "CERTIFICADO" and "certificádo". Generated and stored: kept by the database
      // on every insert and answer, never written by the code. A GIN index serves the inbox's `@@` search.
      async up(db) {
        // Kept here, not imported: a migration never changes, even when the inbox's own copy does.
        const accented = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
        const plain = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';
        await db.schema
          .withSchema('community')
          .alterTable('pqrsf_requests')
          .addColumn('search_text', sql`tsvector`, (c) =>
            c
              .generatedAlwaysAs(
                sql.raw(
                  `to_tsvector('spanish'::regconfig, translate(lower(reviews || ' ' || coalesce(response, '')), '${accented}', '${plain}'))`,
                ),
              )
              .stored()
              .notNull(),
          )
          .execute();
        await sql`create index pqrsf_requests_search_text on community.pqrsf_requests using gin (search_text)`.execute(db);
      },
    },
    // ── PQRSF attachments (#32, src/pqrsf/server/attachments.ts) ─────────────────────────────────────────────────
    '010_pqrsf_attachments': {
      // - pqrsf_attachments: a file a member of the team uploaded to a case, kept in the object store under
      //   `pqrsf/…` (a random key). Pending (attached_to null) until an answer or a note claims it; unclaimed ones are
      //   dropped after a day. An answer's attachment gets the SHA-256 of the token its e-mail link carries (never the
      //   token) and the link's expiry. Rows go with their case (and note): retention and erasure delete them.
      // - pqrsf_attachment_removals: the object keys of deleted rows, queued by a trigger whatever deleted them (the
      //   purge of pending uploads, retention, a person's erasure), so the job removes the stored bytes too.
      async up(db) {
        const s = db.schema.withSchema('community');
        await s
          .createTable('pqrsf_attachments')
          .addColumn('id', 'bigserial', (c) => c.primaryKey())
          .addColumn('request_id', 'integer', (c) => c.notNull().references('community.pqrsf_requests.id').onDelete('cascade'))
          // null while pending, 'respuesta' (the answer) or 'nota' (note_id's note).
          .addColumn('attached_to', 'text')
          .addColumn('note_id', 'bigint', (c) => c.references('community.pqrsf_notes.id').onDelete('cascade'))
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
        await s.createIndex('pqrsf_attachments_request').on('pqrsf_attachments').columns(['request_id', 'id']).execute();
        await sql`create index pqrsf_attachments_pending on community.pqrsf_attachments (uploaded_at) where attached_to is null`.execute(
          db,
        );
        await s
          .createTable('pqrsf_attachment_removals')
          .addColumn('object_key', 'text', (c) => c.primaryKey())
          .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await sql`
          create function community.pqrsf_attachment_removed() returns trigger language plpgsql as $$
          begin
            insert into community.pqrsf_attachment_removals (object_key) values (old.object_key) on conflict do nothing;
            return null;
          end
          $$`.execute(db);
        await sql`
          create trigger pqrsf_attachment_removed after delete on community.pqrsf_attachments
          for each row execute function community.pqrsf_attachment_removed()`.execute(db);
      },
    },
    // ── A real transfer (#32, src/pqrsf/server/transfer-document.ts) ──────────────────────────────────────────────
    '011_pqrsf_transfer_email': {
      // Where a transferred petition was e-mailed (Ley 1755 art. 21: the PDF of the case goes to the competent entity).
      // Null for the transfers recorded before, which only named the entity.
      async up(db) {
        await db.schema.withSchema('community').alterTable('pqrsf_requests').addColumn('transfer_email', 'text').execute();
      },
    },
    // ── Assignment of a case (#32, shared/server/cases/assign.ts) ────────────────────────────────────────────────────
    '012_case_assignment': {
      // Who a request is assigned to: a member of the team (account id when known, address, name as chosen) or an area,
      // and when. "Mis casos" and the area filter read the open cases by address or area in due-date order.
      async up(db) {
        const s = db.schema.withSchema('community');
        await s
          .alterTable('pqrsf_requests')
          .addColumn('assignee_sub', 'text')
          .addColumn('assignee_email', 'text')
          .addColumn('assignee_name', 'text')
          .addColumn('assigned_area', 'text')
          .addColumn('assigned_at', 'timestamptz')
          .execute();
        await s.createIndex('pqrsf_requests_assignee').on('pqrsf_requests').columns(['assignee_email', 'due_date', 'id']).execute();
        await s.createIndex('pqrsf_requests_area').on('pqrsf_requests').columns(['assigned_area', 'due_date', 'id']).execute();
      },
    },
    // ── Community records' case files (#32, src/inbox/server/history.ts) ──────────────────────────────────────────
    '013_community_record_history': {
      // `record_history`: what the team did with a community record, one row per act, never updated: a contact (channel
      // and note), a reply e-mailed from the panel (subject and body), a correction (the names of the fields changed,
      // never their values) and a removal (the tombstone: its reason, with the record's personal data and its other
      // history rows deleted). `kind` is the record's table, as `contact_marks` had it. The old one-per-record mark
      // becomes a contact without a channel (nobody said how), at its time and by its member; then the mark is dropped.
      async up(db) {
        await db.schema
          .withSchema('community')
          .createTable('record_history')
          .addColumn('id', 'bigserial', (c) => c.primaryKey())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('record_id', 'integer', (c) => c.notNull())
          .addColumn('event', 'text', (c) => c.notNull())
          .addColumn('channel', 'text')
          .addColumn('note', 'text')
          .addColumn('subject', 'text')
          .addColumn('body', 'text')
          .addColumn('fields', 'text')
          .addColumn('reason', 'text')
          .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('actor_sub', 'text')
          .addColumn('actor_email', 'text')
          .execute();
        await db.schema
          .withSchema('community')
          .createIndex('record_history_record')
          .on('record_history')
          .columns(['kind', 'record_id', 'at'])
          .execute();
        await sql`insert into community.record_history (kind, record_id, event, note, at, actor_sub, actor_email)
          select kind, record_id, 'contacto', nullif(note, ''), contacted_at, contacted_by_sub, contacted_by_email
          from community.contact_marks`.execute(db);
        await db.schema.withSchema('community').dropTable('contact_marks').execute();
      },
    },
    // ── Attachments on a community record's replies (#32, src/inbox/server/attachments.ts) ──────────────────────────
    '014_community_record_attachments': {
      // - record_attachments: a file a member of the team uploaded to a community record (the legal-case kit's columns,
      //   shared/server/cases/attachments.ts), kept in the object store under `comunidad/adjuntos/…` (a random key). The
      //   record is (record_kind, request_id): its table without the schema, as record_history's `kind`, and its id; no
      //   foreign key can name five tables, so each record table's delete trigger deletes its record's attachments.
      //   Pending (attached_to null) until a reply claims it (note_id: that reply's history row); unclaimed ones go
      //   after a day. A reply's attachment keeps the SHA-256 of its e-mailed link's token and the link's expiry.
      // - record_attachment_removals: the object keys of deleted rows, queued by a trigger whatever deleted them (the
      //   purge of pending uploads, the record's removal, retention, a person's erasure), so the job removes the bytes.
      async up(db) {
        const s = db.schema.withSchema('community');
        await s
          .createTable('record_attachments')
          .addColumn('id', 'bigserial', (c) => c.primaryKey())
          .addColumn('record_kind', 'text', (c) => c.notNull())
          .addColumn('request_id', 'integer', (c) => c.notNull())
          // null while pending; 'respuesta' once a reply (note_id's history row) sent it.
          .addColumn('attached_to', 'text')
          .addColumn('note_id', 'bigint', (c) => c.references('community.record_history.id').onDelete('cascade'))
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
        await s.createIndex('record_attachments_record').on('record_attachments').columns(['record_kind', 'request_id', 'id']).execute();
        await sql`create index record_attachments_pending on community.record_attachments (uploaded_at) where attached_to is null`.execute(
          db,
        );
        await s
          .createTable('record_attachment_removals')
          .addColumn('object_key', 'text', (c) => c.primaryKey())
          .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await sql`
          create function community.record_attachment_removed() returns trigger language plpgsql as $$
          begin
            insert into community.record_attachment_removals (object_key) values (old.object_key) on conflict do nothing;
            return null;
          end
          $$`.execute(db);
        await sql`
          create trigger record_attachment_removed after delete on community.record_attachments
          for each row execute function community.record_attachment_removed()`.execute(db);
        // A record deleted by whatever (the panel's removal, retention, an erasure) takes its attachments with it.
        await sql`
          create function community.record_removed_attachments() returns trigger language plpgsql as $$
          begin
            delete from community.record_attachments where record_kind = tg_table_name and request_id = old.id;
            return null;
          end
          $$`.execute(db);
        for (const table of ['volunteers', 'allies', 'workshop_inquiries', 'software_requests', 'newsletter_subscriptions'])
          await sql`
            create trigger record_removed_attachments after delete on ${sql.table(`community.${table}`)}
            for each row execute function community.record_removed_attachments()`.execute(db);
      },
    },
    '015_confirmation_log_by_time': {
      // Every subscribe purges the confirmation log's rows older than a day (newsletter.ts, in its one statement): without
      // an index on `at` that delete read the whole log on each request, so its cost grew through a flood of subscribes
      // (#33's public-writes bench: 2,434 full scans, 2.9 M rows read in one run). Now it reads only what it deletes.
      async up(db) {
        await sql`create index newsletter_confirmation_log_at on community.newsletter_confirmation_log (at)`.execute(db);
      },
    },
  },
};
