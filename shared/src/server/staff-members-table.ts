import { sql, type ColumnType, type Generated, type Migration } from 'kysely';
import type { CreatedTimestamp, NullableTimestamp } from './database';
import type { StaffRole } from '../staff-roles';

/**
 * `staff.members`: the foundation's team and its pending invitations, one row per invited address. Membership and
 * roles live here, not in the identity provider: an invitation binds an account (`sub`) only once the invited person
 * proved the mailbox, and the guard checks the token against this row on every call.
 */
export interface StaffMembersTable {
  id: Generated<string>;
  /** The invited address, lowercased: the account's verified address must stay this one. */
  email: string;
  name: string | null;
  roles: ColumnType<StaffRole[], string, string>;
  /** invited | active | removed */
  status: string;
  /** The identity provider's user name and id of the account bound at acceptance. */
  username: string | null;
  sub: string | null;
  /** SHA-256 of the invitation link's token; null once used, renewed or cancelled. */
  invite_token_hash: string | null;
  invite_expires_at: NullableTimestamp;
  invited_at: CreatedTimestamp;
  /** Address of the admin who sent the last invitation (null: the site's own first-start seed). */
  invited_by: string | null;
  accepted_at: NullableTimestamp;
  /** When the account's second factor was first seen on: sessions from before it were ended. */
  second_factor_at: NullableTimestamp;
  /** Tokens from a sign-in in this second or before are refused. */
  sessions_since: NullableTimestamp;
  removed_at: NullableTimestamp;
  /** The member's own choice: an e-mail for each new PQRSF or data request of their roles (#28). */
  notify_new_cases: ColumnType<boolean, boolean | undefined, boolean>;
}

declare module './database' {
  interface Database {
    'staff.members': StaffMembersTable;
  }
}

/** `staff` schema migration 002 (the schema's migrations are in audit.ts). */
export const staffMembersMigration: Migration = {
  async up(db) {
    await db.schema
      .withSchema('staff')
      .createTable('members')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('roles', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('invited', 'active', 'removed')`))
      .addColumn('username', 'text')
      .addColumn('sub', 'text')
      .addColumn('invite_token_hash', 'text', (c) => c.unique())
      .addColumn('invite_expires_at', 'timestamptz')
      .addColumn('invited_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('invited_by', 'text')
      .addColumn('accepted_at', 'timestamptz')
      .addColumn('second_factor_at', 'timestamptz')
      .addColumn('sessions_since', 'timestamptz')
      .addColumn('removed_at', 'timestamptz')
      .execute();
    await db.schema.withSchema('staff').createIndex('members_sub').on('members').column('sub').execute();
  },
};

/**
 * `staff` schema migration 004: each member's choice of an e-mail for every new case of their roles (#28). On by
 * default, existing members included: a new PQRSF's term runs from its filing, and the daily digest lists it only
 * once it is 3 business days from its due date, so whoever answers should hear of it unless they say otherwise.
 */
export const staffMembersNoticesMigration: Migration = {
  async up(db) {
    await db.schema
      .withSchema('staff')
      .alterTable('members')
      .addColumn('notify_new_cases', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();
  },
};
