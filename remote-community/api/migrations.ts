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
  },
};
