// Measurement 5, the PQRSF staff inbox at 100,000 requests: scripts/bench/pqrsf-inbox.ts seeds them in a throwaway
// database beside DATABASE_URL's (never in it), serves the community API on a loopback port and times the inbox's first
// page and its filtered and searched pages over HTTP (median of BENCH_PQRSF_RUNS, 30 by default). PostgreSQL only: the
// question is how the indexes hold at that size on the production engine, so without DATABASE_URL it is skipped.
//
// Env: BENCH_PQRSF_ROWS (100000), BENCH_PQRSF_RUNS (30), PQRSF_BENCH_KEEP=1 (keep the database to EXPLAIN the queries).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkAborted, onCleanup } from './cleanup.mjs';
import { message, positiveInt, root, tail } from './common.mjs';

const TIMEOUT_MS = 10 * 60_000;

/**
 * @typedef {{ name: string, body: Record<string, unknown>, runs: number, rowsReturned: number, p50Ms: number, p95Ms: number, minMs: number }} InboxTiming
 * @typedef {{ rows: number, seedSeconds: number, trigramIndex: boolean, targetMs: number, timings: InboxTiming[], withinTarget: boolean }} PqrsfInbox
 */

/** @param {number} rows @param {number} runs @returns {Promise<PqrsfInbox>} */
function run(rows, runs) {
  checkAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/bench/pqrsf-inbox.ts'), String(rows), String(runs)],
      {
        cwd: root,
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const unregister = onCleanup('pqrsf inbox bench', async () => void child.kill('SIGTERM'));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`pqrsf inbox: did not finish within ${TIMEOUT_MS / 1000} s`));
    }, TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      unregister();
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`pqrsf inbox: exit ${code}\n${tail(stderr)}`));
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`pqrsf inbox: unexpected output: ${last}\n${tail(stderr)}`));
      }
    });
  });
}

/** @param {PqrsfInbox} r */
export function printPqrsfInbox(r) {
  console.log(
    `\nPQRSF staff inbox at ${r.rows} requests (PostgreSQL, seeded in ${r.seedSeconds.toFixed(1)} s; trigram name index: ${r.trigramIndex ? 'yes' : 'no'}):`,
  );
  for (const t of r.timings)
    console.log(
      `  ${t.name}: median ${t.p50Ms.toFixed(1)} ms, p95 ${t.p95Ms.toFixed(1)} ms over ${t.runs} requests (${t.rowsReturned} rows)`,
    );
  console.log(`  target: median < ${r.targetMs} ms for every page: ${r.withinTarget ? 'met' : 'NOT met'}`);
}

/**
 * The phase; skipped (with a line saying so) without DATABASE_URL, `fail` records why it could not be measured.
 * @param {(err: string) => void} fail @returns {Promise<PqrsfInbox | undefined>}
 */
export async function pqrsfInboxPhase(fail) {
  if (!process.env.DATABASE_URL) {
    console.log('\nPQRSF staff inbox: skipped (needs DATABASE_URL: the 100,000-request bench runs on PostgreSQL only)');
    return undefined;
  }
  console.log('\nPQRSF staff inbox: seeding and timing…');
  try {
    const r = await run(positiveInt(process.env.BENCH_PQRSF_ROWS, 100_000), positiveInt(process.env.BENCH_PQRSF_RUNS, 30));
    printPqrsfInbox(r);
    return r;
  } catch (err) {
    fail(message(err));
    return undefined;
  }
}
