import { sql } from 'kysely';
import type { SiteDb } from '../database';

/** A column as the database describes it. */
export interface ColumnInfo {
  table: string;
  column: string;
  /** information_schema's data_type: 'text', 'character varying', 'jsonb', 'bytea', 'integer'… */
  type: string;
  nullable: boolean;
  /** Computed by the database (`generated always as`): never written. */
  generated: boolean;
}

/** Schemas that are PostgreSQL's own, or the migrator's bookkeeping (names of migrations only). */
const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];
const isMigratorTable = (table: string) => /\.kysely_migration(_lock)?$/.test(table);

/** Data types that can hold a person's text: what the registry must account for. */
export const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'character varying', 'character', 'jsonb', 'json', 'bytea', 'ARRAY']);

/** Every column of every table of the site's schemas (the migrator's own tables left out), keyed by `schema.table`. */
export async function readColumns(db: SiteDb): Promise<Map<string, ColumnInfo[]>> {
  const rows = await sql<{
    table_schema: string;
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    is_generated: string;
  }>`
    select c.table_schema, c.table_name, c.column_name, c.data_type, c.is_nullable, c.is_generated
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where tb.table_type = 'BASE TABLE' and c.table_schema not in (${sql.join(SYSTEM_SCHEMAS)}) and c.table_schema not like 'pg_temp%'
    order by c.table_schema, c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, ColumnInfo[]>();
  for (const r of rows.rows) {
    const table = `${r.table_schema}.${r.table_name}`;
    if (isMigratorTable(table)) continue;
    const list = tables.get(table) ?? [];
    list.push({
      table,
      column: r.column_name,
      type: r.data_type,
      nullable: r.is_nullable === 'YES',
      generated: r.is_generated === 'ALWAYS',
    });
    tables.set(table, list);
  }
  return tables;
}
