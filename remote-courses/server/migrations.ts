import { sql } from 'kysely';
import type { DomainMigrations } from 'shared/server/db';
import {
  addPayableColumns,
  addPaymentGuards,
  addReconciliationColumns,
  createPaymentEventsTable,
  createPaymentNotificationsTable,
} from 'shared/server/payments/schema';
import { addLedgerSearch } from 'shared/server/payments/ledger';

export const coursesMigrations: DomainMigrations = {
  schema: 'courses',
  migrations: {
    '001_enrolments': {
      async up(db) {
        await db.schema
          .withSchema('courses')
          .createTable('enrolments')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          // Public id: the enrolment id the browser sees and the payment's external_reference.
          .addColumn('reference', 'text', (c) => c.notNull().unique())
          .addColumn('course_name', 'text', (c) => c.notNull())
          .addColumn('module_name', 'text', (c) => c.notNull())
          .addColumn('course_title', 'text', (c) => c.notNull())
          .addColumn('price', 'integer', (c) => c.notNull())
          .addColumn('student_name', 'text', (c) => c.notNull())
          .addColumn('student_name_second', 'text')
          .addColumn('student_lastname', 'text', (c) => c.notNull())
          .addColumn('student_second_lastname', 'text')
          .addColumn('full_name', 'text', (c) => c.notNull())
          .addColumn('id_type', 'text', (c) => c.notNull())
          .addColumn('id_number', 'text', (c) => c.notNull())
          .addColumn('phone_number', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('profession', 'text', (c) => c.notNull())
          .addColumn('education', 'text', (c) => c.notNull())
          .addColumn('has_terms', 'boolean', (c) => c.notNull())
          .addColumn('enrollment_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
          .$call(addPayableColumns)
          // Account association (spec §6 "|user:"), kept here because the provider's reference cannot hold it.
          .addColumn('user_email', 'text')
          .addColumn('user_sub', 'text')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await db.schema.withSchema('courses').createIndex('enrolments_email').on('enrolments').column('email').execute();
        await createPaymentNotificationsTable(db, 'courses');
      },
    },
    '002_payment_guards': {
      async up(db) {
        await addPaymentGuards(db, 'courses', 'enrolments');
      },
    },
    '003_payment_events': {
      async up(db) {
        await createPaymentEventsTable(db, 'courses');
      },
    },
    // Cohorts (#14): each course's start dates with a capacity; the spec's 31 March 2025 is each course's first (closed)
    // cohort. An enrolment belongs to a cohort (null for rows from before cohorts) and may hold a seat while its checkout
    // is open; `cohort_start_date` copies the cohort's date (kept in step when staff move it) for receipts and Mis Cursos.
    '004_cohorts': {
      async up(db) {
        await db.schema
          .withSchema('courses')
          .createTable('cohorts')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('course_name', 'text', (c) => c.notNull())
          .addColumn('start_date', 'date', (c) => c.notNull())
          .addColumn('schedule', 'text', (c) => c.notNull())
          .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity > 0`))
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('open')
              .check(sql`status in ('open', 'closed')`),
          )
          .addColumn('access_instructions', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('reminder_sent_at', 'timestamptz')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await db.schema
          .withSchema('courses')
          .createIndex('cohorts_course_start')
          .on('cohorts')
          .columns(['course_name', 'start_date'])
          .execute();
        for (const course_name of ['desarrollo-software', 'ofimatica-basica', 'marketing-digital'])
          await db
            .withSchema('courses')
            .insertInto('cohorts')
            .values({
              course_name,
              start_date: '2025-03-31',
              schedule: '3 clases por semana de 2 horas',
              capacity: 30,
              status: 'closed',
              access_instructions: '',
              reminder_sent_at: sql`now()`,
            })
            .execute();
        await db.schema
          .withSchema('courses')
          .alterTable('enrolments')
          .addColumn('cohort_id', 'integer', (c) => c.references('courses.cohorts.id'))
          .addColumn('cohort_start_date', 'text')
          .addColumn('seat_held_until', 'timestamptz')
          .execute();
        await db.schema.withSchema('courses').createIndex('enrolments_cohort').on('enrolments').column('cohort_id').execute();
      },
    },
    '004_cohorts_seat_hold_client': {
      // Which client (hashed IP) opened a live seat hold, so one IP cannot hold every seat of a cohort (#14).
      async up(db) {
        await db.schema.withSchema('courses').alterTable('enrolments').addColumn('seat_hold_client', 'text').execute();
      },
    },
    '006_payment_reconciliation': {
      async up(db) {
        await addReconciliationColumns(db, 'courses', 'enrolments');
      },
    },
    '005_enrolment_staff': {
      // The staff's ledger of enrolments (#14, src/enrolments/server/ledger.ts): a search column over name, e-mail, document (with
      // and without separators) and reference, indexes for each filter in newest-first order, who marked an enrolment
      // 'Completado' and when, and when its receipt was last sent again (a double click must not mail it twice).
      async up(db) {
        await addLedgerSearch(
          db,
          'courses',
          'enrolments',
          `coalesce(full_name, '') || ' | ' || coalesce(email, '') || ' | ' || coalesce(id_number, '') || ' | ' || translate(coalesce(id_number, ''), '.- ', '') || ' | ' || reference`,
          ['course_name', 'cohort_id', 'enrollment_status', 'payment_status'],
        );
        await db.schema
          .withSchema('courses')
          .alterTable('enrolments')
          .addColumn('completed_at', 'timestamptz')
          .addColumn('completed_by', 'text')
          .addColumn('receipt_resent_at', 'timestamptz')
          .execute();
      },
    },
    '007_pending_seats': {
      // Seats held by pending payments (Trust boundaries, round two): a PSE or Efecty payment keeps its enrolment's seat
      // only until the payment's own deadline (`pending_seat_until`, the provider's date_of_expiration), and the buyer is
      // told once when that seat is released (`seat_released_at`). Pending payments from before held their seat for ever:
      // they get the provider's default cash deadline from their payment's creation, and reconciliation asks about them.
      async up(db) {
        await db.schema
          .withSchema('courses')
          .alterTable('enrolments')
          .addColumn('pending_seat_until', 'timestamptz')
          .addColumn('seat_released_at', 'timestamptz')
          .execute();
        await sql`
          update courses.enrolments
             set pending_seat_until = coalesce(payment_created_at, updated_at) + interval '3 days'
           where payment_status in ('pending', 'in_process') and cohort_id is not null
        `.execute(db);
        // The reconciliation's look for seats whose deadline passed unreleased.
        await sql`
          create index enrolments_pending_seat on courses.enrolments (pending_seat_until)
           where pending_seat_until is not null and seat_released_at is null
        `.execute(db);
      },
    },
    '008_cohort_on_sale': {
      // The cohort the Cursos team put on sale (#28): when set on an open cohort that has not started and has seats, the
      // course sells it instead of its earliest open one. At most one per course (the partial unique index).
      async up(db) {
        await db.schema.withSchema('courses').alterTable('cohorts').addColumn('on_sale_since', 'timestamptz').execute();
        await sql`create unique index cohorts_on_sale on courses.cohorts (course_name) where on_sale_since is not null`.execute(db);
      },
    },
    '009_invoices': {
      // Electronic invoices (#30, src/invoicing): one invoice per approved sale and one credit note per reversed one, each
      // unique per enrolment and kind (nothing doubled, whoever confirms the payment first), issued from this outbox with
      // its own idempotency key (`reference_code`, what the provider is asked under) and retried with backoff. The buyer
      // is the enrolment's student, or the company the form names (`buyer_nit`, `buyer_business_name`).
      async up(db) {
        await db.schema
          .withSchema('courses')
          .alterTable('enrolments')
          .addColumn('buyer_nit', 'text')
          .addColumn('buyer_business_name', 'text')
          .execute();
        await db.schema
          .withSchema('courses')
          .createTable('invoices')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invoice', 'credit_note')`))
          .addColumn('enrolment_reference', 'text', (c) => c.notNull().references('courses.enrolments.reference'))
          .addColumn('reference_code', 'text', (c) => c.notNull().unique())
          .addColumn('invoice_id', 'integer', (c) => c.references('courses.invoices.id'))
          .addColumn('state', 'text', (c) =>
            c
              .notNull()
              .defaultTo('pending')
              .check(sql`state in ('pending', 'issuing', 'issued', 'rejected')`),
          )
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('claimed_until', 'timestamptz')
          .addColumn('last_error', 'text')
          .addColumn('rejection', 'jsonb')
          // Null only once the retention job blanked it, ten years after the sale (docs/personal-data.md).
          .addColumn('buyer', 'jsonb')
          // The buyer's contact, apart: an erasure blanks it, while the invoice's name and document stay (tax support).
          .addColumn('buyer_email', 'text')
          .addColumn('buyer_phone', 'text')
          .addColumn('lines', 'jsonb', (c) => c.notNull())
          .addColumn('total', 'integer', (c) => c.notNull())
          .addColumn('payment_method', 'text', (c) => c.notNull())
          .addColumn('reason', 'text')
          .addColumn('number', 'text')
          .addColumn('provider_id', 'integer')
          .addColumn('cufe', 'text')
          .addColumn('qr_url', 'text')
          .addColumn('issued_at', 'timestamptz')
          .addColumn('pdf_key', 'text')
          .addColumn('link_hash', 'text', (c) => c.unique())
          .addColumn('mailed_at', 'timestamptz')
          .addColumn('retried_by', 'text')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addUniqueConstraint('invoices_one_per_sale', ['kind', 'enrolment_reference'])
          .execute();
        await sql`create index invoices_due on courses.invoices (next_attempt_at) where state in ('pending', 'issuing')`.execute(db);
        await sql`create index invoices_issued_at on courses.invoices (issued_at desc, id desc)`.execute(db);
        // From when sales are invoiced: approvals before this migration were sold before the site invoiced (the sweep
        // that finds approved sales without an invoice never reaches back past it).
        await db.schema
          .withSchema('courses')
          .createTable('invoicing_since')
          .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
          .addColumn('since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await sql`insert into courses.invoicing_since (id) values (1)`.execute(db);
      },
    },
    // Completion certificates (#31): a cohort's end date (before it, no enrolment of it is marked complete), the
    // certificates numbered without gaps per year under their counter's lock (FC-2026-000123, like the donation
    // certificates), each with a random public verification code; an undone completion voids its certificate (kept,
    // with who, when and why) and puts the enrolment back where it was.
    '010_completion_certificates': {
      async up(db) {
        await db.schema.withSchema('courses').alterTable('cohorts').addColumn('end_date', 'date').execute();
        await db.schema
          .withSchema('courses')
          .createTable('certificate_counters')
          .addColumn('year', 'integer', (c) => c.primaryKey())
          .addColumn('last', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .withSchema('courses')
          .createTable('completion_certificates')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('number', 'text', (c) => c.notNull().unique())
          .addColumn('year', 'integer', (c) => c.notNull())
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('enrolment_reference', 'text', (c) => c.notNull())
          .addColumn('verification_code', 'text', (c) => c.notNull().unique())
          // What the certificate states, as it was issued (a later correction of the enrolment does not rewrite it).
          .addColumn('student_name', 'text', (c) => c.notNull())
          .addColumn('id_type', 'text', (c) => c.notNull())
          .addColumn('id_number', 'text', (c) => c.notNull())
          .addColumn('course_title', 'text', (c) => c.notNull())
          .addColumn('module_name', 'text', (c) => c.notNull())
          .addColumn('cohort_start_date', 'text')
          .addColumn('cohort_end_date', 'text', (c) => c.notNull())
          .addColumn('completed_on', 'text', (c) => c.notNull())
          .addColumn('previous_status', 'text', (c) => c.notNull())
          .addColumn('issued_by', 'text', (c) => c.notNull())
          .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('voided_at', 'timestamptz')
          .addColumn('voided_by', 'text')
          .addColumn('void_reason', 'text')
          .addUniqueConstraint('completion_certificates_year_seq', ['year', 'seq'])
          .execute();
        // One certificate in force per enrolment; the voided ones stay beside it.
        await sql`create unique index completion_certificates_one_valid on courses.completion_certificates (enrolment_reference) where voided_at is null`.execute(
          db,
        );
        await db.schema
          .withSchema('courses')
          .createIndex('completion_certificates_enrolment')
          .on('completion_certificates')
          .column('enrolment_reference')
          .execute();
      },
    },
    // The 24-hour reminder per student (#31): which cohort and start date each student was reminded for, so a student
    // enrolled, paid or moved after the cohort's reminder went out still gets theirs. Students of cohorts already reminded
    // are marked as reminded, so the new job sends them nothing again.
    '016_enrolment_reminders': {
      async up(db) {
        await db.schema.withSchema('courses').alterTable('enrolments').addColumn('reminded_for', 'text').execute();
        await sql`
          update courses.enrolments e
          set reminded_for = c.id::text || ':' || to_char(c.start_date, 'YYYY-MM-DD')
          from courses.cohorts c
          where e.cohort_id = c.id and c.reminder_sent_at is not null
        `.execute(db);
      },
    },
    // Staff enrolments (#31): a scholarship or a payment outside the site, entered by the team instead of the checkout.
    '012_manual_enrolments': {
      async up(db) {
        await db.schema
          .withSchema('courses')
          .alterTable('enrolments')
          .addColumn('manual_kind', 'text', (c) => c.check(sql`manual_kind in ('scholarship', 'outside_payment')`))
          .addColumn('manual_note', 'text')
          .addColumn('manual_amount', 'integer', (c) => c.check(sql`manual_amount >= 0`))
          .addColumn('manual_by', 'text')
          .execute();
      },
    },
    // A cohort's course page (#31): its weekly classes in a structured form (weekdays as iCalendar codes, MO,WE; start
    // and end time HH:MM, Bogotá) beside the free-text schedule, and how to join: an https link or a place.
    '013_cohort_course_page': {
      async up(db) {
        await db.schema
          .withSchema('courses')
          .alterTable('cohorts')
          .addColumn('class_days', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('class_start', 'text')
          .addColumn('class_end', 'text')
          .addColumn('join_url', 'text')
          .addColumn('join_place', 'text')
          .execute();
      },
    },
    // Refunds from the panel (#31): one row per refund the team asked for, claimed under its idempotency key before the
    // provider is called (a double click or a retried request finds the claim and refunds nothing more), completed
    // with the provider's refund id. A failed call removes its claim.
    '011_refunds': {
      async up(db) {
        await db.schema
          .withSchema('courses')
          .createTable('refunds')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('enrolment_reference', 'text', (c) => c.notNull())
          .addColumn('payment_id', 'text', (c) => c.notNull())
          .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
          .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) =>
            c
              .notNull()
              .defaultTo('requested')
              .check(sql`state in ('requested', 'done')`),
          )
          .addColumn('provider_refund_id', 'text')
          .addColumn('requested_by', 'text', (c) => c.notNull())
          .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('done_at', 'timestamptz')
          .execute();
        await db.schema.withSchema('courses').createIndex('refunds_enrolment').on('refunds').column('enrolment_reference').execute();
      },
    },
    // Messages to a cohort by e-mail (#31, src/cohorts/server/messages.ts): each message once, by the id the panel made
    // when its form opened (a repeated submit finds it), and one delivery per (message, enrolment), so a student gets a
    // message once whatever is retried.
    '014_cohort_messages': {
      async up(db) {
        await db.schema
          .withSchema('courses')
          .createTable('cohort_messages')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('message_id', 'text', (c) => c.notNull().unique())
          .addColumn('cohort_id', 'integer', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('sent_by', 'text', (c) => c.notNull())
          .addColumn('recipients', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await db.schema
          .withSchema('courses')
          .createIndex('cohort_messages_cohort')
          .on('cohort_messages')
          .columns(['cohort_id', 'created_at'])
          .execute();
        await db.schema
          .withSchema('courses')
          .createTable('cohort_message_deliveries')
          .addColumn('message_id', 'text', (c) => c.notNull())
          .addColumn('enrolment_reference', 'text', (c) => c.notNull())
          .addColumn('sent_at', 'timestamptz')
          .addPrimaryKeyConstraint('cohort_message_deliveries_pk', ['message_id', 'enrolment_reference'])
          .execute();
        await db.schema
          .withSchema('courses')
          .createIndex('cohort_message_deliveries_enrolment')
          .on('cohort_message_deliveries')
          .column('enrolment_reference')
          .execute();
      },
    },
    // Materials and completion per module (#31, src/modules): what the staff attach to each module of a course (a file
    // kept in the object store under a random key, or an https link), in the order they set; and each student's module
    // the staff recorded as completed, once per (enrolment, module), with who and when.
    '015_module_materials_progress': {
      async up(db) {
        await db.schema
          .withSchema('courses')
          .createTable('module_materials')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          // The id the browser sees (a download's address): random, so one material's id tells nothing of another's.
          .addColumn('public_id', 'text', (c) => c.notNull().unique())
          .addColumn('course_name', 'text', (c) => c.notNull())
          .addColumn('module_number', 'integer', (c) => c.notNull().check(sql`module_number between 1 and 20`))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('file', 'link')`))
          .addColumn('url', 'text')
          .addColumn('object_key', 'text')
          .addColumn('file_name', 'text')
          .addColumn('file_kind', 'text')
          .addColumn('file_size', 'integer')
          .addColumn('created_by', 'text', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addCheckConstraint(
            'module_materials_link_or_file',
            sql`(kind = 'link') = (url is not null) and (kind = 'file') = (object_key is not null)`,
          )
          .execute();
        await db.schema
          .withSchema('courses')
          .createIndex('module_materials_module')
          .on('module_materials')
          .columns(['course_name', 'module_number', 'position'])
          .execute();
        await db.schema
          .withSchema('courses')
          .createTable('module_completions')
          .addColumn('enrolment_reference', 'text', (c) => c.notNull())
          .addColumn('module_number', 'integer', (c) => c.notNull())
          // Bogotá calendar date (YYYY-MM-DD) the staff recorded it.
          .addColumn('completed_on', 'text', (c) => c.notNull())
          .addColumn('marked_by', 'text', (c) => c.notNull())
          .addColumn('marked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addPrimaryKeyConstraint('module_completions_pk', ['enrolment_reference', 'module_number'])
          .execute();
      },
    },
  },
};
