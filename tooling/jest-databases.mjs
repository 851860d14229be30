// Jest's global setup (jest.config.js) for test runs on PostgreSQL (TEST_DATABASE_URL or DATABASE_URL set): every Jest
// worker gets a database of its own beside the named one, `<name>_w1` … `<name>_w<maxWorkers>`, emptied (dropped and
// created again) before each run, so two workers never empty or fill each other's schemas. jest-worker-env.mjs points
// each worker's test files at theirs. The databases stay after the run (to look into a failure), as the named one did.
// Without a PostgreSQL URL this does nothing: the tests run on embedded PGlite only.

/** The PostgreSQL URL the tests were given, read as its readers do (TEST_DATABASE_URL first; empty means none). */
export function testDatabaseUrl(env) {
  return (env.TEST_DATABASE_URL ?? env.DATABASE_URL) || undefined;
}

/** Worker `workerId`'s database (1-based, as JEST_WORKER_ID): the named one's name with `_w<id>` appended. */
export function workerDatabaseUrl(url, workerId) {
  const worker = new URL(url);
  worker.pathname = `/${decodeURIComponent(worker.pathname.slice(1))}_w${workerId}`;
  return worker.toString();
}

/** The database name a URL names. */
function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export default async function createWorkerDatabases(globalConfig) {
  const url = testDatabaseUrl(process.env);
  if (!url) return;
  // The same guard as shared/src/server/test-databases.ts: tests only ever drop what is named as a test database.
  if (!/test/i.test(databaseName(url))) throw new Error('Las pruebas solo borran datos en una base cuyo nombre contiene "test"');
  const { default: pg } = await import('pg');
  // Connected to the named database (it must exist, as before), never to one about to be dropped.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let id = 1; id <= Math.max(1, globalConfig.maxWorkers); id++) {
      const name = admin.escapeIdentifier(databaseName(workerDatabaseUrl(url, id)));
      // `with (force)` ends connections a killed earlier run may have left behind.
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
}
