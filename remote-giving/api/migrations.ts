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
    '006_payment_reconciliation': {
      async up(db) {
        await addReconciliationColumns(db, 'giving', 'contributions');
      },
    },
    '009_donation_staff': {
      // The staff's ledger of donations (#14, donations-staff.ts): a search column over the donor's name, e-mail,
      // document (with and without separators) and the reference, and an index for the payment-status filter in
      // newest-first order (the month and year totals use 004's partial index of approved donations).
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
  },
};
