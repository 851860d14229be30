import { sql } from 'kysely';
import type { DomainMigrations } from 'shared/server/db';
import {
  addPayableColumns,
  addPaymentGuards,
  createPaymentEventsTable,
  createPaymentNotificationsTable,
} from 'shared/server/payments/schema';

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
  },
};
