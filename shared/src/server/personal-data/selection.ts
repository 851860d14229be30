import { sql, type RawBuilder } from 'kysely';
import type { Belongs, PersonalDataRegistry, TableSpec } from './registry';

/**
 * The SQL the engine runs, built from the registry: which rows of a table a person's copy lists, which rows an erasure
 * (or a retention rule) reaches, and of those which it deletes. Every predicate is about a row aliased `t`; a parent's
 * rows are read in a subquery that aliases them `t` too (it shadows the outer one), so a declaration's own SQL (a
 * retain-if condition) is written once, always about `t`.
 */

type Predicate = RawBuilder<boolean>;

const TRUE: Predicate = sql<boolean>`true`;
const FALSE: Predicate = sql<boolean>`false`;

export const or = (parts: readonly Predicate[]): Predicate =>
  parts.length === 0 ? FALSE : parts.length === 1 ? parts[0]! : sql<boolean>`(${sql.join(parts, sql` or `)})`;
export const and = (parts: readonly Predicate[]): Predicate =>
  parts.length === 0 ? TRUE : parts.length === 1 ? parts[0]! : sql<boolean>`(${sql.join(parts, sql` and `)})`;
/** Negation that reads an unknown (null) condition as false first: `not null` would select nothing. */
export const not = (p: Predicate): Predicate => sql<boolean>`(not coalesce(${p}, false))`;

/** `schema.table` as a quoted identifier pair. */
export const tableRef = (table: string) => {
  const [schema = '', name = ''] = table.split('.');
  return sql`${sql.id(schema)}.${sql.id(name)}`;
};
/** A column of the row `t`. */
export const col = (column: string) => sql.ref(`t.${column}`);

type ParentLink = Extract<Belongs, { parent: unknown }>;

export const parentLinks = (spec: TableSpec): ParentLink[] => spec.belongs.filter((b): b is ParentLink => 'parent' in b);

/** The rows of `link`'s parent table that `parentWhere` selects, as the child's predicate (with its fixed values). */
function throughParent(link: ParentLink, parentWhere: Predicate): Predicate {
  const fixed = Object.entries(link.where ?? {}).map(([c, v]) => sql<boolean>`${col(c)} = ${v}`);
  const inParent = sql<boolean>`${col(link.column)} in (select ${col(link.parentColumn)} from ${tableRef(link.parent)} t where ${parentWhere})`;
  return and([...fixed, inParent]);
}

/** Which rows a pass reaches directly (not through a parent), and how it treats them. */
export interface Scope {
  /** The rows of `spec` this pass selects by themselves, or null for none. */
  direct(spec: TableSpec): Predicate | null;
  /**
   * 'own': the table's erase rule; 'delete' / 'anonymise-all' (every personal column, the legally kept ones too): a
   * retention rule's.
   */
  treatment(spec: TableSpec): 'own' | 'delete' | 'anonymise-all';
}

/** The person's address compared with a text column: lower-cased and trimmed. */
const isAddress = (column: string, email: string) => sql<boolean>`lower(trim(${col(column)})) = ${email}`;

/**
 * A text naming the address as a whole address: `ana@x.co` is not named by `juana@x.co` or `ana@x.com`, but is by
 * "escribió ana@x.co." (a sentence's full stop). A POSIX regular expression, the address's own characters escaped.
 */
const namesAddress = (column: string, email: string) => {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = `(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9._%+-]|\\.($|[^a-z0-9]))`;
  return sql<boolean>`lower(${col(column)}) ~ ${pattern}`;
};

/**
 * The rows of a table that hold the person's own data (`erase`), or that the copy lists (`copy`: also rows tied to
 * their account, but not mails that merely mention them).
 */
export function personScope(email: string, purpose: 'copy' | 'erase'): Scope {
  return {
    direct(spec) {
      const parts = spec.belongs.flatMap((b): Predicate[] => {
        if ('email' in b) return b.email.map((c) => isAddress(c, email));
        if ('key' in b) return [sql<boolean>`${col(b.key)} = ${b.digest(email)}`];
        if ('mentions' in b) return purpose === 'erase' ? b.mentions.map((c) => namesAddress(c, email)) : [];
        if ('linkedBy' in b) return purpose === 'copy' ? b.linkedBy.map((c) => isAddress(c, email)) : [];
        return [];
      });
      return parts.length ? or(parts) : null;
    },
    treatment: () => 'own',
  };
}

/** Rows tied to the person only through `linkedBy` columns (someone else's record): an erasure only unlinks them. */
export function linkedOnly(spec: TableSpec, email: string): { where: Predicate; unlink: readonly string[] } | null {
  const link = spec.belongs.find((b): b is Extract<Belongs, { linkedBy: unknown }> => 'linkedBy' in b);
  if (!link) return null;
  const own = personScope(email, 'erase').direct(spec);
  const linked = or(link.linkedBy.map((c) => isAddress(c, email)));
  return { where: own ? and([linked, not(own)]) : linked, unlink: link.unlink };
}

/** The predicates of one pass over the registry. */
export class Selection {
  constructor(
    private readonly registry: PersonalDataRegistry,
    private readonly scope: Scope,
  ) {}

  private spec(table: string): TableSpec {
    const found = this.registry.tables.find((s) => s.table === table);
    if (!found) throw new Error(`El registro de datos personales no declara la tabla ${table}, que otra tabla nombra como origen.`);
    return found;
  }

  /** Rows of `spec` the pass reaches: directly, or as rows of reached parent rows. Null when none can be. */
  selected(spec: TableSpec): Predicate | null {
    const parts: Predicate[] = [];
    const direct = this.scope.direct(spec);
    if (direct) parts.push(direct);
    for (const link of parentLinks(spec)) {
      const parent = this.selected(this.spec(link.parent));
      if (parent) parts.push(throughParent(link, parent));
    }
    return parts.length ? or(parts) : null;
  }

  /** Whether the table's own erase rule deletes a row (retain-if: the rows the law does not oblige to keep). */
  private ownRuleDeletes(spec: TableSpec): Predicate {
    const { erase } = spec;
    if (erase.action === 'delete') return TRUE;
    if (erase.action === 'retain-if') return not(erase.when);
    return FALSE;
  }

  /** Among the reached rows, those the pass deletes (a row reached through a deleted parent row goes with it). */
  deleted(spec: TableSpec): Predicate {
    const parts: Predicate[] = [];
    const direct = this.scope.direct(spec);
    if (direct) {
      const treatment = this.scope.treatment(spec);
      const deletes = treatment === 'delete' ? TRUE : treatment === 'anonymise-all' ? FALSE : this.ownRuleDeletes(spec);
      parts.push(and([direct, deletes]));
    }
    for (const link of parentLinks(spec)) {
      const parentSpec = this.spec(link.parent);
      const parent = this.selected(parentSpec);
      if (!parent) continue;
      parts.push(throughParent(link, and([parent, this.deleted(parentSpec)])));
      // Under a parent row that stays, the child's own rule decides (a PQRSF kept anonymised loses its notes).
      parts.push(and([throughParent(link, parent), this.ownRuleDeletes(spec)]));
    }
    return or(parts);
  }

  /** Whether the pass blanks even the columns a retained record keeps (a retention rule past the legal term). */
  blanksKept(spec: TableSpec): boolean {
    return this.scope.treatment(spec) === 'anonymise-all';
  }
}
