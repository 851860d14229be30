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

export const givingMigrations: DomainMigrations = {
  schema: 'giving',
  migrations: {
    '001_contributions': {
      async up(db) {
        await db.schema
          .withSchema('giving')
          .createTable('contributions')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          // Public id of the donation and the payment's external_reference.
          .addColumn('reference', 'text', (c) => c.notNull().unique())
          .addColumn('contributor_name', 'text', (c) => c.notNull())
          .addColumn('contributor_lastname', 'text', (c) => c.notNull())
          .addColumn('id_type', 'text', (c) => c.notNull())
          .addColumn('id_number', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('phone_number', 'text', (c) => c.notNull())
          .addColumn('donation_amount', 'integer', (c) => c.notNull())
          .$call(addPayableColumns)
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await db.schema
          .withSchema('giving')
          .createIndex('contributions_email_created')
          .on('contributions')
          .columns(['email', 'created_at'])
          .execute();
        await createPaymentNotificationsTable(db, 'giving');
      },
    },
    '002_payment_guards': {
      async up(db) {
        await addPaymentGuards(db, 'giving', 'contributions');
      },
    },
    '003_payment_events': {
      async up(db) {
        await createPaymentEventsTable(db, 'giving');
      },
    },
    '004_campaigns': {
      async up(db) {
        // Staff-set donation campaigns (#14): title, goal in whole COP, Bogotá dates (both included); never overlapping.
        await db.schema
          .withSchema('giving')
          .createTable('campaigns')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('goal_amount', 'bigint', (c) => c.notNull())
          .addColumn('starts_on', 'date', (c) => c.notNull())
          .addColumn('ends_on', 'date', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('updated_by', 'text')
          .addCheckConstraint('campaigns_dates', sql`ends_on >= starts_on`)
          .addCheckConstraint('campaigns_goal', sql`goal_amount > 0`)
          .execute();
        // The progress sums approved donations by approval date: the public bar reads it every minute at most.
        await sql`create index contributions_approved_on on giving.contributions (date_approved) where payment_status = 'approved'`.execute(
          db,
        );
      },
    },
    '005_certificates': {
      // Donation certificates (#14, src/certificates/server/): numbered CD-<year>-<seq> without gaps within the donation year
      // (certificate_counters, one row per year taken under its row lock); one per donation and one per donor and year
      // (partial unique indexes), each with the donations it covers (certificate_donations: the amounts, dates and form
      // of payment as certified, so a PDF printed again says exactly the same); voided when the payment is reversed.
      // The donor's personal link is a random token whose digest and expiry live on the donation.
      async up(db) {
        await db.schema
          .withSchema('giving')
          .createTable('certificate_counters')
          .addColumn('year', 'integer', (c) => c.primaryKey())
          .addColumn('last', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .withSchema('giving')
          .createTable('certificates')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('number', 'text', (c) => c.notNull().unique())
          .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('donation', 'annual')`))
          .addColumn('year', 'integer', (c) => c.notNull())
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('contribution_reference', 'text')
          .addColumn('donor_key', 'text', (c) => c.notNull())
          .addColumn('donor_name', 'text', (c) => c.notNull())
          .addColumn('donor_id_type', 'text', (c) => c.notNull())
          .addColumn('donor_id_number', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('issued_by', 'text', (c) => c.notNull())
          .addColumn('voided_at', 'timestamptz')
          .addUniqueConstraint('certificates_year_seq', ['year', 'seq'])
          .execute();
        await sql`create unique index certificates_one_per_donation on giving.certificates (contribution_reference) where kind = 'donation'`.execute(
          db,
        );
        await sql`create unique index certificates_one_annual_per_donor on giving.certificates (year, donor_key) where kind = 'annual' and voided_at is null`.execute(
          db,
        );
        await db.schema
          .withSchema('giving')
          .createTable('certificate_donations')
          .addColumn('certificate_id', 'integer', (c) => c.notNull().references('giving.certificates.id').onDelete('cascade'))
          .addColumn('contribution_reference', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('approved_at', 'timestamptz', (c) => c.notNull())
          .addColumn('payment_type', 'text')
          .addPrimaryKeyConstraint('certificate_donations_pkey', ['certificate_id', 'contribution_reference'])
          .execute();
        await db.schema
          .withSchema('giving')
          .createIndex('certificate_donations_reference')
          .on('certificate_donations')
          .column('contribution_reference')
          .execute();
        await db.schema
          .withSchema('giving')
          .alterTable('contributions')
          .addColumn('certificate_token_hash', 'text')
          .addColumn('certificate_token_expires_at', 'timestamptz')
          .execute();
      },
    },
    '006_payment_reconciliation': {
      async up(db) {
        await addReconciliationColumns(db, 'giving', 'contributions');
      },
    },
    '009_donation_staff': {
      // The staff's ledger of donations (#14, src/donations/server/donations-staff.ts): a search column over the donor's
      // name, e-mail, document (with and without separators) and the reference, and an index for the payment-status
      // filter in newest-first order (the month and year totals use 004's partial index of approved donations).
      async up(db) {
        await addLedgerSearch(
          db,
          'giving',
          'contributions',
          `coalesce(contributor_name, '') || ' ' || coalesce(contributor_lastname, '') || ' | ' || coalesce(email, '') || ' | ' || coalesce(id_number, '') || ' | ' || translate(coalesce(id_number, ''), '.- ', '') || ' | ' || reference`,
          ['payment_status'],
        );
      },
    },
    '010_campaign_story': {
      // What a campaign tells the public besides its figures (#28): a few paragraphs of plain text and one image of the
      // site's published files (/archivos/<id>.<ext>), which never goes without its text alternative.
      async up(db) {
        await db.schema
          .withSchema('giving')
          .alterTable('campaigns')
          .addColumn('description', 'text')
          .addColumn('image_src', 'text')
          .addColumn('image_alt', 'text')
          .execute();
        await sql`alter table giving.campaigns add constraint campaigns_image_alt check (image_src is null or image_alt is not null)`.execute(
          db,
        );
      },
    },
    '011_monthly_giving': {
      // Monthly giving (#29, src/monthly/server/): one row per subscription (a Mercado Pago preapproval), its donor as the
      // donation form has them (their authorization in privacy.consents, record_table giving.subscriptions), its status as
      // the provider last reported it and the digest of the donor's manage-link token. Each cycle's approved charge is
      // one donation in giving.contributions (so the ledger, receipts and certificates count it), unique per authorized
      // payment and tied to its subscription by reference.
      async up(db) {
        await db.schema
          .withSchema('giving')
          .createTable('subscriptions')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('reference', 'text', (c) => c.notNull().unique())
          .addColumn('preapproval_id', 'text', (c) => c.unique())
          .addColumn('contributor_name', 'text', (c) => c.notNull())
          .addColumn('contributor_lastname', 'text', (c) => c.notNull())
          .addColumn('id_type', 'text', (c) => c.notNull())
          .addColumn('id_number', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('phone_number', 'text', (c) => c.notNull())
          .addColumn('amount', 'integer', (c) => c.notNull())
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('pending')
              .check(sql`status in ('pending', 'authorized', 'paused', 'cancelled')`),
          )
          .addColumn('next_payment_date', 'timestamptz')
          .addColumn('provider_modified_at', 'timestamptz')
          .addColumn('manage_token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('failing', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('last_charge_status', 'text')
          .addColumn('welcome_sent_at', 'timestamptz')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('cancelled_at', 'timestamptz')
          .addColumn('cancel_reason', 'text')
          .execute();
        await db.schema
          .withSchema('giving')
          .createIndex('subscriptions_email')
          .on('subscriptions')
          .columns(['email', 'created_at'])
          .execute();
        await db.schema
          .withSchema('giving')
          .alterTable('contributions')
          .addColumn('subscription_reference', 'text')
          .addColumn('authorized_payment_id', 'text', (c) => c.unique())
          .execute();
        await db.schema
          .withSchema('giving')
          .createIndex('contributions_subscription')
          .on('contributions')
          .column('subscription_reference')
          .where(sql.ref('subscription_reference'), 'is not', null)
          .execute();
        // Which rejected attempts were already told to the donor: one notice per charge attempt, whatever the repeats.
        await db.schema
          .withSchema('giving')
          .createTable('subscription_notices')
          .addColumn('payment_id', 'text', (c) => c.primaryKey())
          .addColumn('subscription_reference', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
      },
    },
    '012_monthly_care': {
      // Donor care for monthly gifts (#29, src/monthly/server/care.ts): the card the latest approved charge was made to
      // (its last four digits and its expiry month, 'YYYY-MM', as the provider's payment reports them), so a daily job
      // can warn the donor a month before it expires; and how a campaign counts monthly gifts (src/campaign/server/):
      // 'first_charge' (a gift adds its first charge only) or 'twelve_months' (12 times its first charge, never less
      // than what it actually gave within the campaign's dates).
      async up(db) {
        await db.schema
          .withSchema('giving')
          .alterTable('subscriptions')
          .addColumn('card_last_four', 'text', (c) => c.check(sql`card_last_four ~ '^[0-9]{4}$'`))
          .addColumn('card_expires', 'text', (c) => c.check(sql`card_expires ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`))
          .execute();
        await db.schema
          .withSchema('giving')
          .alterTable('campaigns')
          .addColumn('monthly_counting', 'text', (c) =>
            c
              .notNull()
              .defaultTo('first_charge')
              .check(sql`monthly_counting in ('first_charge', 'twelve_months')`),
          )
          .execute();
      },
    },
    '013_monthly_staff': {
      // The staff's side of monthly giving (#29, src/monthly/server/monthly-staff.ts): when a gift was first authorized
      // and since when it is paused (the monthly recurring revenue and churn per Bogotá month read them with
      // created_at and cancelled_at), the card's brand as the provider reports it, and the ledger's search column over
      // the donor's name, e-mail, document and the reference with an index for the state filter. Gifts from before:
      // authorized when their first charge was approved (or their welcome e-mail, or their start if live now), paused
      // since their last change.
      async up(db) {
        await db.schema
          .withSchema('giving')
          .alterTable('subscriptions')
          .addColumn('authorized_at', 'timestamptz')
          .addColumn('paused_at', 'timestamptz')
          .addColumn('payment_method_id', 'text')
          .execute();
        await sql`
          update giving.subscriptions s set
            authorized_at = coalesce(
              (select min(c.date_approved) from giving.contributions c where c.subscription_reference = s.reference),
              s.welcome_sent_at,
              case when s.status in ('authorized', 'paused') then s.created_at end),
            paused_at = case when s.status = 'paused' then s.updated_at end`.execute(db);
        await addLedgerSearch(
          db,
          'giving',
          'subscriptions',
          `coalesce(contributor_name, '') || ' ' || coalesce(contributor_lastname, '') || ' | ' || coalesce(email, '') || ' | ' || coalesce(id_number, '') || ' | ' || translate(coalesce(id_number, ''), '.- ', '') || ' | ' || reference`,
          ['status'],
        );
      },
    },
  },
};
