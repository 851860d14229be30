import { sql, type ColumnType, type Generated } from 'kysely';
import { isStaffRole, type StaffRole } from '../staff-roles';
import type { DomainMigrations } from './db';
import type { CreatedTimestamp, SiteDb } from './database';
import { staffMembersMigration, staffMembersNoticesMigration } from './staff-members-table';

/**
 * `staff.audit_log`: who did what to which record, from the panel. Append-only: the database itself refuses updates
 * and deletes. No personal data in it beyond the staff member's own address: records are named by their id or radicado,
 * and `detail` carries facts about the action (a status, a filter, a row count), never a visitor's data.
 */
export interface AuditLogTable {
  id: Generated<string>;
  at: CreatedTimestamp;
  actor_sub: string;
  actor_email: string;
  /** The roles the member held when acting ("finanzas,cursos"); null on rows from before roles. */
  actor_roles: string | null;
  /** What was done, as `<domain>.<verb>`: `community.pqrsf.respond`, `community.export`, `account.staff.invite`… */
  action: string;
  /** The kind of record: `pqrsf`, `volunteers`, `staff_member`… */
  entity: string;
  /** Which record (radicado, row id, e-mail of a staff member); null for exports and lists. */
  entity_id: string | null;
  detail: ColumnType<Record<string, unknown>, string, never>;
}

/** `staff.job_runs`: one row per scheduled job and period; the row's insert is the lock that makes a run happen once. */
export interface JobRunsTable {
  job: string;
  period: string;
  started_at: CreatedTimestamp;
  finished_at: Date | null;
  outcome: string | null;
}

declare module './database' {
  interface Database {
    'staff.audit_log': AuditLogTable;
    'staff.job_runs': JobRunsTable;
  }
}

/** The panel's shared tables, migrated by every process that serves an API (like the mail outbox). */
export const staffMigrations: DomainMigrations = {
  schema: 'staff',
  migrations: {
    '001_audit_and_jobs': {
      async up(db) {
        await db.schema
          .withSchema('staff')
          .createTable('audit_log')
          .addColumn('id', 'bigserial', (c) => c.primaryKey())
          .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('actor_sub', 'text', (c) => c.notNull())
          .addColumn('actor_email', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('entity', 'text', (c) => c.notNull())
          .addColumn('entity_id', 'text')
          .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
          .execute();
        await db.schema.withSchema('staff').createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
        await db.schema.withSchema('staff').createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
        // Append-only, enforced where no application bug can get around it.
        await sql`
          create function staff.audit_log_is_append_only() returns trigger language plpgsql as $$
          begin
            raise exception 'staff.audit_log es de solo inserción';
          end
          $$`.execute(db);
        await sql`
          create trigger audit_log_append_only before update or delete on staff.audit_log
          for each row execute function staff.audit_log_is_append_only()`.execute(db);
        await sql`
          create trigger audit_log_no_truncate before truncate on staff.audit_log
          for each statement execute function staff.audit_log_is_append_only()`.execute(db);

        await db.schema
          .withSchema('staff')
          .createTable('job_runs')
          .addColumn('job', 'text', (c) => c.notNull())
          .addColumn('period', 'text', (c) => c.notNull())
          .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('finished_at', 'timestamptz')
          .addColumn('outcome', 'text')
          .addPrimaryKeyConstraint('job_runs_pk', ['job', 'period'])
          .execute();
      },
    },
    // The team and its invitations (staff-directory.ts).
    '002_members': staffMembersMigration,
    '003_audit_actor_roles': {
      async up(db) {
        await db.schema.withSchema('staff').alterTable('audit_log').addColumn('actor_roles', 'text').execute();
      },
    },
    // Each member's choice of an e-mail on every new case (#28, staff-directory.ts).
    '004_members_notify_new_cases': staffMembersNoticesMigration,
  },
};

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * The text with any unpaired UTF-16 surrogate replaced by U+FFFD: JSON keeps one as a `\ud800` escape, which
 * PostgreSQL's jsonb refuses — a staff-typed subject pasted with a broken emoji must not fail the action it records.
 */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * Records one staff action, with the roles the member held. Call it in the same transaction as the change it describes,
 * so neither exists alone.
 */
export async function recordAudit(
  db: SiteDb,
  actor: { sub: string; email: string; roles?: readonly StaffRole[] },
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('staff.audit_log')
    .values({
      actor_sub: actor.sub,
      actor_email: actor.email,
      actor_roles: actor.roles ? actor.roles.join(',') : null,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId ?? null,
      detail: JSON.stringify(entry.detail ?? {}, (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value)),
    })
    .execute();
}

export interface AuditRow {
  id: string;
  at: Date;
  actorEmail: string;
  actorRoles: StaffRole[];
  action: string;
  entity: string;
  entityId: string | null;
  detail: Record<string, unknown>;
}

/** Newest first, `limit` rows before the row `before` (keyset on id); filters by action prefix or record. */
export async function readAudit(
  db: SiteDb,
  options: { limit: number; before?: string | null; actionPrefix?: string; entity?: string; entityId?: string },
): Promise<AuditRow[]> {
  let q = db.selectFrom('staff.audit_log').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.before) q = q.where('id', '<', options.before);
  if (options.actionPrefix) q = q.where('action', 'like', `${options.actionPrefix.replace(/[%_\\]/g, '\\$&')}%`);
  if (options.entity) q = q.where('entity', '=', options.entity);
  if (options.entityId) q = q.where('entity_id', '=', options.entityId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: String(r.id),
    at: r.at,
    actorEmail: r.actor_email,
    actorRoles: (r.actor_roles ?? '').split(',').filter(isStaffRole),
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    detail: r.detail,
  }));
}
