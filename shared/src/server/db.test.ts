import { afterEach, describe, expect, it } from '@jest/globals';
import { sql, type Generated, type Kysely } from 'kysely';
import { migrateDomain, openDatabase, StatementNames, type Database } from './db';
import { testDatabases } from './test-databases';

const probe = {
  schema: 'probe',
  migrations: {
    '001_items': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .withSchema('probe')
          .createTable('items')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('label', 'text')
          .execute();
      },
    },
  },
};

/** The probe domain exists only in this test: its table is added to the handle here, not to the site's Database. */
const withProbe = (database: Database) => database.db.withTables<{ 'probe.items': { id: Generated<number>; label: string | null } }>();

describe.each(testDatabases)('database layer on %s', (_name, open) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('applies a domain migration once, in its own schema', async () => {
    database = await open();
    await migrateDomain(database.db, probe);
    await migrateDomain(database.db, probe);
    const db = withProbe(database);
    await db.insertInto('probe.items').values({ label: 'uno' }).execute();
    const rows = await db.selectFrom('probe.items').selectAll().execute();
    expect(rows).toEqual([{ id: 1, label: 'uno' }]);
    const applied = await sql<{ n: number }>`select count(*)::int as n from probe.kysely_migration`.execute(database.db);
    expect(applied.rows[0]?.n).toBe(1);
  });

  it('keeps a transaction private from concurrent statements and rolls back on failure', async () => {
    database = await open();
    await migrateDomain(database.db, probe);
    const db = withProbe(database);
    const failing = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('probe.items').values({ label: 'en transacción' }).execute();
        await new Promise((r) => setTimeout(r, 50));
        throw new Error('falla a propósito');
      })
      .catch((e: Error) => e.message);
    const outside = db.insertInto('probe.items').values({ label: 'fuera' }).execute();
    expect(await failing).toBe('falla a propósito');
    await outside;
    const labels = (await db.selectFrom('probe.items').select('label').execute()).map((r) => r.label);
    expect(labels).toEqual(['fuera']);
  });

  it('rejects a schema name that is not a plain identifier', async () => {
    database = await open();
    await expect(migrateDomain(database.db, { schema: 'x; drop', migrations: {} })).rejects.toThrow(/no válido/);
  });

  it('on PostgreSQL, prepares a statement run again once per connection, and keeps working when a migration changes its columns', async () => {
    database = await open();
    if (database.kind !== 'postgres') return;
    await migrateDomain(database.db, probe);
    const db = withProbe(database);
    await db.insertInto('probe.items').values({ label: 'uno' }).execute();
    await db.connection().execute(async (c) => {
      const rename = (label: string) => c.updateTable('probe.items').set({ label }).where('id', '=', 1).returningAll().execute();
      expect(await rename('dos')).toEqual([{ id: 1, label: 'dos' }]);
      expect(await rename('tres')).toEqual([{ id: 1, label: 'tres' }]);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
      expect(prepared.rows.map((r) => r.statement)).toEqual(['update "probe"."items" set "label" = $1 where "id" = $2 returning *']);
      // A newer release's migration adds a column while this process runs: the prepared `returning *` no longer fits.
      await sql`alter table probe.items add column note text`.execute(c);
      expect(await rename('cuatro')).toEqual([{ id: 1, label: 'cuatro', note: null }]);
      expect(await rename('cinco')).toEqual([{ id: 1, label: 'cinco', note: null }]);
    });
  });

  it('on PostgreSQL, fails a transaction whose prepared statement a migration changed, and runs it unnamed next', async () => {
    database = await open();
    if (database.kind !== 'postgres') return;
    await migrateDomain(database.db, probe);
    const db = withProbe(database);
    await db.insertInto('probe.items').values({ label: 'uno' }).execute();
    await db.connection().execute(async (c) => {
      const rename = (q: typeof c, label: string) =>
        q.updateTable('probe.items').set({ label }).where('id', '=', 1).returningAll().execute();
      await rename(c, 'dos');
      await rename(c, 'tres');
      await sql`alter table probe.items add column note text`.execute(c);
      // Inside a transaction the failed statement aborted it: nothing after it may run as if it had not failed.
      await expect(c.transaction().execute(async (trx) => rename(trx, 'cuatro'))).rejects.toThrow(
        /cached plan must not change result type/,
      );
      expect(await c.selectFrom('probe.items').select('label').execute()).toEqual([{ label: 'tres' }]);
      expect(await c.transaction().execute(async (trx) => rename(trx, 'cinco'))).toEqual([{ id: 1, label: 'cinco', note: null }]);
    });
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
(postgresUrl ? it : it.skip)('on PostgreSQL with named statements turned off (a transaction-mode pooler), prepares nothing', async () => {
  const database = await openDatabase({ databaseUrl: postgresUrl, dataDir: '', poolSize: 1, namedStatements: false });
  try {
    await sql`create temporary table unnamed_probe (id int, label text)`.execute(database.db);
    await database.db.connection().execute(async (c) => {
      for (const label of ['uno', 'dos', 'tres']) await sql`insert into unnamed_probe (id, label) values (1, ${label})`.execute(c);
      const prepared = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(c);
      expect(prepared.rows[0]?.n).toBe(0);
    });
  } finally {
    await database.close();
  }
});

describe('which statements are prepared', () => {
  it('names a write from its second use, the same name every time, and never a read, transaction control or DDL', () => {
    const names = new StatementNames(10, 2);
    const text = 'insert into community.volunteers (email) values ($1) returning id';
    expect(names.nameOf(text)).toBeUndefined();
    const name = names.nameOf(text);
    expect(name).toMatch(/^fundacion_\d+$/);
    expect(names.nameOf(text)).toBe(name);
    const cte = 'with rec as (insert into community.allies (email) values ($1) returning id) select id from rec';
    expect(names.nameOf(cte)).toBeUndefined();
    expect(names.nameOf(cte)).toMatch(/^fundacion_\d+$/);
    const locking = 'with due as (select id from mail.outbox for update skip locked) select id from due';
    for (const other of [locking, 'select * from community.allies where id = $1', 'begin', 'commit', 'create schema if not exists probe'])
      for (let i = 0; i < 3; i++) expect(names.nameOf(other)).toBeUndefined();
  });

  it('names at most `limit` texts, and a retired text runs unnamed from then on', () => {
    const names = new StatementNames(3, 1);
    const texts = ['delete from t where id = 1', 'delete from t where id = 2', 'delete from t where id = 3', 'delete from t where id = 4'];
    expect(texts.map((t) => names.nameOf(t))).toEqual(['fundacion_1', 'fundacion_2', 'fundacion_3', undefined]);
    names.retire('delete from t where id = 1');
    expect(names.nameOf('delete from t where id = 1')).toBeUndefined();
    expect(names.nameOf('delete from t where id = 2')).toBe('fundacion_2');
  });
});
