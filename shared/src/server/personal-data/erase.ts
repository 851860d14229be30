import { sql, type RawBuilder } from 'kysely';
import type { SiteDb } from '../database';
import { untouchedCategories, type PersonalDataRegistry, type TableSpec } from './registry';
import type { ColumnInfo } from './schema-info';
import { and, col, linkedOnly, not, or, parentLinks, Selection, tableRef, type Scope } from './selection';

/** What one pass did to one table. */
export interface TableOutcome {
  spec: TableSpec;
  deleted: number;
  /** Rows kept with their personal columns blanked. */
  anonymised: number;
  /** Someone else's rows that were tied to the person (only the tie was cleared). */
  unlinked: number;
}

/** Depth of a table under its parents (0 for a table no other table is the parent of… through `belongs`). */
function depthOf(registry: PersonalDataRegistry, spec: TableSpec, seen: Set<string> = new Set()): number {
  if (seen.has(spec.table)) throw new Error(`El registro de datos personales tiene un ciclo en ${spec.table}.`);
  const parents = parentLinks(spec).map((l) => registry.tables.find((s) => s.table === l.parent));
  return parents.reduce((d, p) => (p ? Math.max(d, 1 + depthOf(registry, p, new Set([...seen, spec.table]))) : d), 0);
}

/**
 * Tables in the order a pass must visit them: a table before its parents, since a child's rows are found through its
 * parent's rows as they were before the pass changed them.
 */
export const childrenFirst = (registry: PersonalDataRegistry): TableSpec[] =>
  [...registry.tables].sort((a, b) => depthOf(registry, b) - depthOf(registry, a));

const count = async (db: SiteDb, statement: RawBuilder<unknown>): Promise<number> =>
  (await sql<{ n: number }>`with changed as (${statement} returning 1) select count(*)::int as n from changed`.execute(db)).rows[0]?.n ?? 0;

/** The value a blanked column takes: null where it may be null, otherwise the empty text. */
function blankOf(info: ColumnInfo): RawBuilder<unknown> {
  if (info.nullable) return sql`null`;
  if (info.type === 'text' || info.type === 'character varying') return sql`''`;
  throw new Error(`No se puede anonimizar ${info.table}.${info.column}: no admite null y no es texto.`);
}

/** The columns a pass blanks in the rows it keeps: the personal ones, but the legally kept unless `blanksKept`. */
function blankable(spec: TableSpec, columns: readonly ColumnInfo[], blanksKept: boolean): ColumnInfo[] {
  return columns.filter((info) => {
    const declared = spec.columns[info.column as keyof typeof spec.columns];
    if (!declared?.personal || untouchedCategories.has(declared.personal) || info.generated) return false;
    return blanksKept || !declared.keptOnRetained;
  });
}

/**
 * One pass over the registry in one transaction's `db`: for each table, the rows `scope` reaches are deleted or kept
 * with their personal columns blanked, as the table's erase rule (or the scope's treatment) says. With `email`, rows
 * only tied to that address (someone else's record made from the person's account) have the tie cleared.
 */
export async function erasePass(
  db: SiteDb,
  registry: PersonalDataRegistry,
  tables: Map<string, ColumnInfo[]>,
  scope: Scope,
  options: { email?: string } = {},
): Promise<TableOutcome[]> {
  const selection = new Selection(registry, scope);
  const outcomes: TableOutcome[] = [];
  for (const spec of childrenFirst(registry)) {
    const columns = tables.get(spec.table);
    // A table of a domain this database has not migrated (a remote not deployed yet) holds nobody's data.
    if (!columns) continue;
    const selected = selection.selected(spec);
    if (!selected) continue;
    const outcome: TableOutcome = { spec, deleted: 0, anonymised: 0, unlinked: 0 };

    const linked = options.email ? linkedOnly(spec, options.email) : null;
    if (linked) {
      const sets = linked.unlink.map((c) => sql`${sql.id(c)} = null`);
      outcome.unlinked = await count(
        db,
        sql`update ${tableRef(spec.table)} t set ${sql.join(sets)} where ${and([linked.where, or(linked.unlink.map((c) => sql<boolean>`${col(c)} is not null`))])}`,
      );
    }

    const deleted = selection.deleted(spec);
    outcome.deleted = await count(db, sql`delete from ${tableRef(spec.table)} t where ${and([selected, deleted])}`);

    // A table whose rule deletes keeps none of the rows it reaches (unless a retention rule anonymises them instead).
    const keeps = spec.erase.action !== 'delete' || selection.blanksKept(spec);
    const blanks = keeps ? blankable(spec, columns, selection.blanksKept(spec)) : [];
    if (blanks.length) {
      const sets = blanks.map((info) => sql`${sql.id(info.column)} = ${blankOf(info)}`);
      // Only rows still holding something: a record blanked before is not counted (nor written) again.
      const holding = or(blanks.map((info) => sql<boolean>`${col(info.column)} is distinct from ${blankOf(info)}`));
      outcome.anonymised = await count(
        db,
        sql`update ${tableRef(spec.table)} t set ${sql.join(sets)} where ${and([selected, not(deleted), holding])}`,
      );
    }
    if (outcome.deleted || outcome.anonymised || outcome.unlinked) outcomes.push(outcome);
  }
  return outcomes;
}

/** The erasure's answer: counts per kind of record, named in Spanish (the panel shows them as they are). */
export function summarise(outcomes: readonly TableOutcome[]): Record<string, number> {
  const summary: Record<string, number> = {};
  const add = (key: string, n: number) => {
    if (n > 0) summary[key] = (summary[key] ?? 0) + n;
  };
  for (const o of outcomes) {
    add(`${o.spec.label} — registros borrados`, o.deleted);
    add(
      o.spec.erase.action === 'retain-if'
        ? `${o.spec.label} — conservados por obligación legal, sin datos de contacto`
        : `${o.spec.label} — conservados sin datos personales`,
      o.anonymised,
    );
    add(`${o.spec.label} — desvinculados de la cuenta`, o.unlinked);
  }
  return summary;
}
