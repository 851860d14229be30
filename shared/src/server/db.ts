import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Migration,
  type PostgresPool,
  type PostgresPoolClient,
  type QueryResult,
} from 'kysely';
import type { PGlite as PGliteClass } from '@electric-sql/pglite';
import type { Pool as PgPool, PoolClient as PgPoolClient } from 'pg';
// The handle below is also named Database in its importers (shell, scripts): the table map is imported under another name.
import type { Database as Tables, SiteDb } from './database';

/** Options for the one database of the site: PostgreSQL when a URL is given, embedded PGlite otherwise. */
export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * Repeated writes as named prepared statements on PostgreSQL (default true; see `StatementNames`). False behind a
   * pooler that hands a session's statements to other connections (PgBouncer in transaction mode before 1.21).
   */
  namedStatements?: boolean;
}

interface PGliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
  close(): Promise<void>;
  waitReady: Promise<void>;
}

/**
 * PGlite has a single connection: a connection is handed out to one user at a time, so a transaction
 * never sees another request's statements. Callers must not hold a transaction across network calls.
 */
class SerialPGliteDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release = new WeakMap<DatabaseConnection, () => void>();
  constructor(private readonly client: PGliteLike) {}
  async init() {
    await this.client.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#queue;
    this.#queue = previous.then(() => turn);
    await previous;
    const connection: DatabaseConnection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await this.client.query<R>(query.sql, [...query.parameters]);
        return result.affectedRows !== undefined
          ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
          : { rows: result.rows };
      },
      streamQuery: () => {
        throw new Error('PGlite no admite consultas en streaming');
      },
    };
    this.#release.set(connection, release);
    return connection;
  }
  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(c: DatabaseConnection) {
    this.#release.get(c)?.();
  }
  async destroy() {
    await this.client.close();
  }
}

function pgliteDialect(client: PGliteLike): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SerialPGliteDriver(client),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/**
 * Which statements run as named prepared statements on PostgreSQL (#33). pg sends a statement with parameters unnamed:
 * PostgreSQL parses, analyses and plans it again on every call, which was most of its CPU per public write (a
 * data-modifying CTE statement per form, the acknowledgement's, the mail flush's). A named statement is parsed once
 * per connection; after a few calls PostgreSQL keeps a generic plan when it costs no more than the custom ones.
 *
 * A text is named from its `after`-th use, so one-off statements (a report's shape, a migration's) stay unnamed, and
 * at most `limit` texts per pool are ever named: a statement whose text varies (an `in (…)` list of any length)
 * cannot make every connection hold an unbounded number of prepared statements. Only writes are named (insert, update,
 * delete, alone or in a CTE statement): their plans are by key or over the rows they insert, so a generic plan is as
 * good as a custom one; reads (a staff search's filters over skewed columns) keep a plan made for their values, and
 * transaction control and DDL run as before. Names are per pool and map to one text each, as pg requires.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #uses = new Map<string, number>();
  readonly #retired = new Set<string>();
  #given = 0;

  constructor(
    private readonly limit = 200,
    private readonly after = 2,
  ) {}

  /** The name to run this text under, or undefined to run it unnamed (counts the use). */
  nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined) return known;
    if (this.#given >= this.limit || this.#retired.has(text) || !isWrite(text)) return undefined;
    const uses = (this.#uses.get(text) ?? 0) + 1;
    if (uses < this.after) {
      // Texts seen once are forgotten in bulk: the count of one-off texts stays bounded too.
      if (this.#uses.size >= this.limit * 10) this.#uses.clear();
      this.#uses.set(text, uses);
      return undefined;
    }
    this.#uses.delete(text);
    const name = `fundacion_${++this.#given}`;
    this.#names.set(text, name);
    return name;
  }

  /** Runs this text unnamed from now on (its prepared plan no longer fits the tables: see `namingPool`). */
  retire(text: string): void {
    this.#names.delete(text);
    this.#retired.add(text);
  }
}

/** insert/update/delete, alone or in a CTE statement (`with rec as (insert …) …`). */
const isWrite = (text: string) => WRITE_STATEMENT.test(text) || (WITH_STATEMENT.test(text) && WRITE_IN_CTE.test(text));
const WRITE_STATEMENT = /^\s*(insert|update|delete)\b/i;
const WITH_STATEMENT = /^\s*with\b/i;
// `update … set`, not a read's `for update`.
const WRITE_IN_CTE = /\b(insert\s+into|delete\s+from)\b|\bupdate\s[^()]*?\sset\s/i;
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|end|abort|rollback(?!\s+to\b))\b/i;

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed since it was prepared (`select *` or
 * `returning *` on a table a newer release's migration altered while this process runs): "cached plan must not change
 * result type".
 */
const planChangedResult = (err: unknown) =>
  (err as { code?: unknown }).code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message));

/**
 * The pool Kysely's PostgreSQL dialect uses, with each client's statements named by `names`. A named statement whose
 * result columns changed (`planChangedResult`) is retired to unnamed and, outside a transaction (where the failed
 * statement changed nothing and nothing else was undone), run again unnamed; inside one the error stands, as any
 * statement error does, and the next call runs unnamed.
 */
export function namingPool(pool: PgPool, names: StatementNames): PostgresPool {
  const clients = new WeakMap<PgPoolClient, PostgresPoolClient>();
  const wrap = (client: PgPoolClient): PostgresPoolClient => {
    let inTransaction = false;
    const query = async (text: string, parameters: readonly unknown[]) => {
      // Kysely hands over a fresh array, which pg only reads.
      const values = parameters as unknown[];
      // Transaction control is a few words: no pattern runs over a CTE statement's kilobytes.
      if (text.length <= 80) {
        if (TRANSACTION_START.test(text)) inTransaction = true;
        else if (TRANSACTION_END.test(text)) inTransaction = false;
      }
      const name = names.nameOf(text);
      if (name === undefined) return client.query(text, values);
      try {
        return await client.query({ name, text, values });
      } catch (err) {
        if (!planChangedResult(err)) throw err;
        names.retire(text);
        if (inTransaction) throw err;
        return client.query(text, values);
      }
    };
    // Kysely calls `query(text, values)` only: the dialect has no cursor, so the cursor overload is never used.
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** An open database: the typed handle, which engine it is, and how to close it. */
export interface Database {
  db: SiteDb;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Opens the database: PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    // Bigint counts arrive as strings by default; our ids and counts fit in a JS number.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const named = options.namedStatements ?? true;
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: named ? namingPool(pool, new StatementNames()) : pool }) });
    await sql`select 1`.execute(db);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = options.dataDir.startsWith('memory://');
  const dataDir = inMemory ? options.dataDir : path.resolve(options.dataDir);
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const template = inMemory ? await initialisedDataDir(PGlite) : undefined;
  const client = new PGlite(dataDir, template ? { loadDataDir: template } : {}) as unknown as PGliteLike;
  const db = new Kysely<Tables>({ dialect: pgliteDialect(client) });
  await sql`select 1`.execute(db);
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/**
 * A freshly initialised PGlite data directory, for `memory://` databases (tests; the site always names a folder).
 * PGlite's first start runs initdb inside WebAssembly: most of an in-memory database's start (8 of 10 s on a loaded
 * two-core machine, against under 2 s from this copy), paid by every test file that opens one. The copy is made once
 * per PGlite build and kept in the OS temp folder, so every later test file and Jest worker loads it instead. Anything
 * wrong with the copy only costs that time: the database is then initialised as before.
 */
async function initialisedDataDir(PGlite: typeof PGliteClass): Promise<Blob | undefined> {
  let file: string;
  try {
    const data = statSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.data'));
    file = path.join(os.tmpdir(), `pglite-initdb-${data.size}-${Math.round(data.mtimeMs)}.tar`);
  } catch {
    return undefined;
  }
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet (or unreadable): made below.
  }
  try {
    const fresh = await PGlite.create('memory://');
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    // Written aside and renamed: a worker reading it meanwhile never sees half a file.
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } catch {
    return undefined;
  }
}

/** A domain's migrations, applied in name order inside the domain's own schema. */
export interface DomainMigrations {
  schema: string;
  migrations: Record<string, Migration>;
}

/** Creates the domain's schema and applies its pending migrations; throws if one fails. */
export async function migrateDomain(db: SiteDb, domain: DomainMigrations): Promise<void> {
  if (!/^[a-z_]+$/.test(domain.schema)) throw new Error(`Nombre de esquema no válido: ${domain.schema}`);
  await sql`create schema if not exists ${sql.id(domain.schema)}`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => domain.migrations },
    migrationTableSchema: domain.schema,
    // Features land in parallel, each with its own numbered, independent step: a database that already ran a later
    // number still gets an earlier one added afterwards, instead of refusing to start.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'desconocida';
    throw new Error(`Falló la migración ${domain.schema}/${failed}: ${String(error)}`);
  }
}
