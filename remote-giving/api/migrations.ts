import { sql } from 'kysely';
import type { DomainMigrations } from 'shared/server/db';

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
          .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('processing...'))
          .addColumn('payment_id', 'text')
          .addColumn('status_detail', 'text')
          .addColumn('payment_type', 'text')
          .addColumn('preference_id', 'text')
          .addColumn('payment_created_at', 'timestamptz')
          .addColumn('payment_date', 'timestamptz')
          .addColumn('date_approved', 'timestamptz')
          .addColumn('receipt_sent_at', 'timestamptz')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await db.schema
          .withSchema('giving')
          .createIndex('contributions_email_created')
          .on('contributions')
          .columns(['email', 'created_at'])
          .execute();
        await db.schema
          .withSchema('giving')
          .createTable('payment_notifications')
          .addColumn('request_id', 'text', (c) => c.primaryKey())
          .addColumn('data_id', 'text', (c) => c.notNull())
          .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
      },
    },
  },
};
