// Browser tests of the composed site: starts the site on a free port with a fresh data directory (and, with
// DATABASE_URL, a fresh PostgreSQL database beside the one it names, dropped afterwards: the unit tests leave their
// last schemas in that one), runs e2e/tests/*.test.ts with node's test runner against it, then stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/**
 * `npm test`'s second browser pass (PostgreSQL, E2E_SMOKE=1) runs these files only: the journeys that move money and
 * personal data through every layer (enrol and pay, donate, a returning student, the trust boundaries, a PQRSF case and
 * its audit, the data-rights requests). Every file runs on PGlite in the first pass; the SQL of every feature runs on
 * PostgreSQL in Jest (each domain's server tests, on both engines). A second engine under the browser adds little beyond
 * that, and CI's 2-core machine has no time for the whole suite twice (a clean-clone run took 67 min with 21 files).
 */
const postgresSmoke = [
  'courses.test.ts',
  'data-rights.test.ts',
  'giving.test.ts',
  'journeys.test.ts',
  'staff-pqrsf.test.ts',
  'trust-boundaries.test.ts',
];

/** Every browser test file, or (smoke) the PostgreSQL smoke set. */
function suiteFiles(smoke) {
  const all = readdirSync(path.join(root, 'e2e/tests')).filter((f) => f.endsWith('.test.ts'));
  const missing = postgresSmoke.filter((f) => !all.includes(f));
  if (missing.length) throw new Error(`e2e/run.mjs nombra archivos que no existen: ${missing.join(', ')}`);
  return all.filter((f) => !smoke || postgresSmoke.includes(f)).map((f) => path.join('e2e/tests', f));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitHealthy(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El sitio terminó antes de estar listo (código ${child.exitCode})`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('El sitio no estuvo listo a tiempo');
}

/** A new empty database beside `url`'s, for this run only; answers its URL and how to drop it. */
async function freshDatabase(url) {
  const name = `e2e_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : null;
const port = await freePort();
const sandboxPort = await freePort();
const identityPort = await freePort();
const objectStorePort = await freePort();
const invoicingPort = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
const baseUrl = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_ORIGIN: baseUrl,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  REMOTE_LOAD_TIMEOUT_MS: '4000',
  PAYMENT_SANDBOX_PORT: String(sandboxPort),
  IDENTITY_EMULATOR_PORT: String(identityPort),
  OBJECT_STORE_PORT: String(objectStorePort),
  INVOICING_SANDBOX_PORT: String(invoicingPort),
  // A provider outage in a test is retried within seconds, not the production backoff's half minute.
  INVOICING_RETRY_BASE_MS: '1000',
  INVOICING_EVERY_MS: '1000',
  RATE_LIMIT_WRITES: '1000',
  // Every browser of every test is one client here (127.0.0.1), and no client is exempt from the seat hold limit.
  COURSES_SEAT_HOLDS_PER_CLIENT: '1000',
  // The whole suite files more than the hourly cap of new-PQRSF e-mails (12) on one site: a later test would find none.
  CASE_NOTICES_PER_HOUR: '1000',
  ...(database ? { DATABASE_URL: database.url } : {}),
};
const site = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
const stop = () => {
  if (site.exitCode === null) site.kill('SIGTERM');
};
process.on('exit', stop);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

let code = 1;
try {
  await waitHealthy(baseUrl, site, 180_000);
  const testEnv = {
    ...env,
    E2E_BASE_URL: baseUrl,
    E2E_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
    E2E_IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    E2E_OBJECT_STORE_URL: `http://127.0.0.1:${objectStorePort}`,
    E2E_INVOICING_URL: `http://127.0.0.1:${invoicingPort}`,
    E2E_IDENTITY_POOL_ID: 'local_tejiendo',
    E2E_IDENTITY_CLIENT_ID: 'tejiendo-web-local',
    E2E_ADMIN_FILE: path.join(dataDir, 'e2e-admin.json'),
  };
  // The team's first admin: the invitation npm start sent, accepted as a person would (e2e/support/bootstrap-admin.ts).
  const bootstrap = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'e2e/support/bootstrap-admin.ts')], {
    cwd: root,
    env: testEnv,
    stdio: 'inherit',
  });
  const bootstrapped = await new Promise((resolve) => bootstrap.on('exit', (c) => resolve(c ?? 1)));
  if (bootstrapped !== 0) throw new Error('No se pudo preparar la primera cuenta del equipo para las pruebas');
  const only = process.argv.slice(2);
  const files = only.length ? only : suiteFiles(process.env.E2E_SMOKE === '1');
  const runner = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
    cwd: root,
    env: testEnv,
    stdio: 'inherit',
  });
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
} finally {
  stop();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop().catch((err) => console.error(`could not drop the e2e database: ${err instanceof Error ? err.message : err}`));
}
process.exit(code);
