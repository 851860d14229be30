import type { RawBuilder } from 'kysely';
import type { Database } from '../database';
import type { RetentionSettings } from './retention-settings';

/**
 * The registry of personal data (Ley 1581 de 2012): for every table of the site, whether it holds a visitor's personal
 * data, how its rows belong to a person, which columns are personal, and what an erasure does to them. The engine
 * (engine.ts) builds the access copy, the erasure and the retention job from it, and a test compares it with every
 * table and column the database really has, so a table or a text column nobody declared fails the build.
 *
 * Each domain declares its tables in its manifest (`remote-<domain>/manifest/personal-data.ts`); the site's composition
 * root (`site/server.ts`) gathers them with the tables of shared plumbing (`site-tables.ts`) through `composeDomains`
 * (../domains.ts), and the engine receives the result: shared/ names no domain's table.
 */

/** What a column holds, for the person's copy, the erasure, and docs/personal-data.md. */
export type PersonalCategory =
  /** Names and surnames. */
  | 'nombre'
  /** Type and number of an identity document. */
  | 'documento'
  | 'telefono'
  | 'correo'
  | 'direccion'
  /** Free text the person (or the team about them) wrote: it may hold anything. */
  | 'texto'
  /** Profile facts: occupation, studies, age, role, company. */
  | 'perfil'
  /** The identity provider's id of the person's account. */
  | 'cuenta'
  /** A digest of the person's e-mail address (rate limits): not the address, but computable from it. */
  | 'seudonimo'
  /** A digest of the visitor's network address. */
  | 'red'
  /** A column the database computes from other personal columns (search keys): it follows them, never written. */
  | 'derivado'
  /**
   * A member of the foundation's team (who answered, who marked): their own data, kept as the record of who did what;
   * never erased by a visitor's request and never part of a visitor's copy.
   */
  | 'equipo';

export interface ColumnSpec {
  /** Its name in the person's copy (Spanish). Without a label the column is not part of the copy (keys, digests). */
  label?: string;
  /** The personal data it holds; unset for a column that holds none. */
  personal?: PersonalCategory;
  /** Stays on a record the law obliges the foundation to keep (retain-if): the payer's name and document. */
  keptOnRetained?: boolean;
  /** How the copy names coded values ('approved' → 'Aprobado'); a value without a name is shown as stored. */
  values?: Readonly<Record<string, string>>;
}

/** How a table's rows belong to a person. A row belongs when any of its table's rules says so. */
export type Belongs =
  /** Columns holding the address; compared lower-cased and trimmed. */
  | { email: readonly string[] }
  /** A column holding a digest of the address (address-keys.ts). */
  | { key: string; digest: (email: string) => string }
  /** Rows of another table's rows of the person (`column` = `parent.parentColumn`), optionally with fixed values. */
  | { parent: keyof Database; column: string; parentColumn: string; where?: Readonly<Record<string, string>> }
  /**
   * Text columns that name the address (an e-mail's body): such rows go with an erasure, but are not the person's
   * records for the copy (they may be someone else's mail that merely mentions them).
   */
  | { mentions: readonly string[] }
  /**
   * Columns that tie someone else's record to the person (an enrolment made for a student while signed in to the
   * person's account): the copy includes the row, and an erasure only clears `unlink` (the record stays its owner's).
   */
  | { linkedBy: readonly string[]; unlink: readonly string[] };

/** What an erasure does to a person's rows of a table. */
export type Erasure =
  | { action: 'delete' }
  /** Personal columns are blanked (null, or '' where the column cannot be null); the row stays. */
  | { action: 'anonymise'; why: string }
  /**
   * Rows for which `when` holds (alias `t`) are records the law obliges the foundation to keep: their personal columns
   * are blanked except those `keptOnRetained`. The others are deleted.
   */
  | { action: 'retain-if'; when: RawBuilder<boolean>; why: string }
  /** Rows without personal data that go with their parent row when it is deleted, and stay when it is kept. */
  | { action: 'follow-parent' };

type ColumnOf<T extends keyof Database> = Extract<keyof Database[T], string>;

/** A table's declaration as the engine reads it (see `tableSpec` for how a domain writes one). */
export interface TableSpec {
  table: keyof Database;
  /** The group's title in the copy and the erasure summary (Spanish). */
  label: string;
  belongs: readonly Belongs[];
  /** Every text, JSON and binary column of the table (the registry test checks it), and any other worth showing. */
  columns: Readonly<Record<string, ColumnSpec | undefined>>;
  /** Extra values of the copy computed from other tables (alias `t`): e.g. a newsletter's subject. */
  extra?: Readonly<Record<string, RawBuilder<unknown>>>;
  erase: Erasure;
  /** The copy lists rows in this column's order. */
  orderBy?: string;
}

/** A declaration as a domain writes it: its columns checked against the site's `Database` type. */
export interface TableSpecOf<T extends keyof Database> extends Omit<TableSpec, 'table' | 'columns' | 'orderBy'> {
  table: T;
  columns: Partial<Record<ColumnOf<T>, ColumnSpec>>;
  orderBy?: ColumnOf<T>;
}

/** Declares a table with its column names checked against the site's `Database` type. */
export const tableSpec = <T extends keyof Database>(spec: TableSpecOf<T>): TableSpec => spec;

/** A table without any visitor's personal data, and why. */
export interface PlainTable {
  table: string;
  why: string;
}

/** A table whose only personal data is the team's own (who acted): kept as the record of who did what. */
export interface TeamTable {
  table: string;
  columns: readonly string[];
  why: string;
}

/** One domain's declarations, as its manifest exports them. */
export interface DomainRegistry {
  tables: readonly TableSpec[];
  team?: readonly TeamTable[];
  plain?: readonly PlainTable[];
}

/** Every domain's declarations together: the site's registry, as the engine uses it. */
export interface PersonalDataRegistry {
  tables: readonly TableSpec[];
  team: readonly TeamTable[];
  plain: readonly PlainTable[];
}

export function combineRegistries(domains: readonly DomainRegistry[]): PersonalDataRegistry {
  return {
    tables: domains.flatMap((d) => d.tables),
    team: domains.flatMap((d) => d.team ?? []),
    plain: domains.flatMap((d) => d.plain ?? []),
  };
}

/** Spanish names of the categories (docs and the registry's own listing). */
export const categoryLabels: Record<PersonalCategory, string> = {
  nombre: 'nombre y apellidos',
  documento: 'documento de identidad',
  telefono: 'teléfono',
  correo: 'correo electrónico',
  direccion: 'dirección',
  texto: 'texto libre',
  perfil: 'datos de perfil',
  cuenta: 'identificador de la cuenta',
  seudonimo: 'huella del correo',
  red: 'huella de la dirección IP',
  derivado: 'índice de búsqueda',
  equipo: 'datos del equipo',
};

/** Categories an erasure never blanks: computed by the database, or the team's own record of who acted. */
export const untouchedCategories: ReadonlySet<PersonalCategory> = new Set(['derivado', 'equipo']);

/** One kind of record and when its time is up. */
export interface RetentionRule {
  /** The setting that says how long (retention-settings.ts). */
  setting: keyof RetentionSettings;
  table: keyof Database;
  /** The rows whose time is up, given the oldest instant still kept (alias `t`). */
  expired: (cutoff: Date) => RawBuilder<boolean>;
  /** 'delete'; 'own': the table's erase rule; 'anonymise-all': every personal column, even what a kept record keeps. */
  treatment: 'delete' | 'own' | 'anonymise-all';
}

/** The site's personal data as the engine and the retention job receive it (composed by site/server.ts). */
export interface SitePersonalData {
  registry: PersonalDataRegistry;
  /** Every domain's retention rules, in the order they run (`orderRetention`). */
  retention: readonly RetentionRule[];
}
