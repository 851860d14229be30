import type { ColumnInfo } from './schema-info';
import { TEXT_TYPES } from './schema-info';
import type { PersonalDataRegistry } from './registry';

/**
 * What the registry fails to account for in the database as it is, one Spanish sentence per problem: a table with a
 * text, JSON or binary column that is neither declared nor listed (team data only, or none), a text column of a
 * declared table that is not declared, a declared table or column the database does not have, a table listed twice,
 * and a personal column an anonymising erasure could not blank. Empty when the registry covers everything.
 */
export function registryProblems(tables: ReadonlyMap<string, readonly ColumnInfo[]>, registry: PersonalDataRegistry): string[] {
  const declared = new Map(registry.tables.map((s) => [s.table as string, s]));
  const team = new Map(registry.team.map((t) => [t.table, t]));
  const plain = new Set(registry.plain.map((p) => p.table));
  const listed: string[] = [...registry.tables.map((s) => s.table), ...team.keys(), ...plain];
  const problems: string[] = [];
  for (const table of new Set(listed))
    if (listed.filter((t) => t === table).length > 1) problems.push(`${table}: declarada más de una vez`);
  for (const table of new Set(listed)) if (!tables.has(table)) problems.push(`${table}: declarada pero no existe en la base`);
  for (const [table, columns] of tables) {
    const exists = (column: string) => columns.some((c) => c.column === column);
    const textColumns = columns.filter((c) => TEXT_TYPES.has(c.type)).map((c) => c.column);
    const spec = declared.get(table);
    if (spec) {
      for (const column of textColumns) if (!(column in spec.columns)) problems.push(`${table}.${column}: columna sin declarar`);
      for (const column of Object.keys(spec.columns)) if (!exists(column)) problems.push(`${table}.${column}: declarada pero no existe`);
      if (spec.erase.action !== 'delete')
        for (const c of columns)
          if (spec.columns[c.column]?.personal && !c.generated && !c.nullable && c.type !== 'text' && c.type !== 'character varying')
            problems.push(`${table}.${c.column}: es personal, no admite null y no es texto: una supresión no puede dejarla en blanco`);
    } else if (team.has(table)) {
      for (const column of team.get(table)?.columns ?? [])
        if (!exists(column)) problems.push(`${table}.${column}: declarada pero no existe`);
    } else if (!plain.has(table) && textColumns.length) problems.push(`${table}: tabla con texto que el registro no declara`);
  }
  return problems;
}
