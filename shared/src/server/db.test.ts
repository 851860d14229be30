import { afterEach, describe, expect, it } from '@jest/globals';
import { sql, type Generated, type Kysely } from 'kysely';
import { migrateDomain, type Database } from './db';
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
});
