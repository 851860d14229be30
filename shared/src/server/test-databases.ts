import { sql } from 'kysely';
import { openDatabase, type Database } from './db';

/**
 * The databases a data-layer test runs against: embedded PGlite always, and PostgreSQL too when
 * DATABASE_URL (or TEST_DATABASE_URL) is set — CI sets it to the machine's test database. Under Jest it names the
 * worker's own database beside that one (tooling/jest-worker-env.mjs rewrites it before this module is imported).
 */
export const testDatabases: Array<[string, () => Promise<Database>]> = [['PGlite', () => openDatabase({ dataDir: 'memory://' })]];

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (url) {
  testDatabases.push([
    'PostgreSQL',
    async () => {
      if (!/test/i.test(new URL(url).pathname)) throw new Error('Las pruebas solo borran datos en una base cuyo nombre contiene "test"');
      const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 4 });
      // Each test starts from empty domain schemas (this is a throwaway test database).
      const schemas = await sql<{
        nspname: string;
      }>`select nspname from pg_namespace where nspname in ('mail','privacy','community','courses','giving','account','staff','probe')`.execute(
        database.db,
      );
      for (const { nspname } of schemas.rows) await sql`drop schema ${sql.id(nspname)} cascade`.execute(database.db);
      return database;
    },
  ]);
}
