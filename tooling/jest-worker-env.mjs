// Jest setup file (jest.config.js `setupFiles`): runs in each test file's environment before the file's own imports, so
// every module that reads TEST_DATABASE_URL or DATABASE_URL when imported (shared/src/server/test-databases.ts, the
// gateway tests in shell/server/src, …) sees this worker's own database, which jest-databases.mjs made for the run.
import { testDatabaseUrl, workerDatabaseUrl } from './jest-databases.mjs';

const url = testDatabaseUrl(process.env);
if (url) {
  // In band Jest sets JEST_WORKER_ID to 1 as well.
  const worker = workerDatabaseUrl(url, process.env.JEST_WORKER_ID ?? '1');
  // Both names: the readers take TEST_DATABASE_URL first, and nothing should reach the database DATABASE_URL named.
  process.env.TEST_DATABASE_URL = worker;
  if (process.env.DATABASE_URL) process.env.DATABASE_URL = worker;
}
