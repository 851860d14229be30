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
  type QueryResult,
} from 'kysely';
import type { PGlite as PGliteClass } from '@electric-sql/pglite';
// The handle below is also named Database in its importers (shell, scripts): the table map is imported under another name.
import type { Database as Tables, SiteDb } from './database';

/** Options for the one database of the site: PostgreSQL when a URL is given, embedded PGlite otherwise. */
export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
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
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
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
