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
  },
};
