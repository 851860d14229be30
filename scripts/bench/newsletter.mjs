// Measurement 4, the newsletter subscribe rate: HTTP POSTs against the running site, then the raw insert rate of the
// same statement into the same table of the same database (scripts/bench-raw-insert.ts), so the ratio says what the
// HTTP layer costs. The raw phase needs the site stopped: PGlite admits one process per directory.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkAborted, isAborting, onCleanup } from './cleanup.mjs';
import { TIMEOUTS, message, percentile, root, runConcurrently, tail, withTimeout } from './common.mjs';

const NEWSLETTER_PATH = '/api/community/newsletter/subscribe';

/**
 * @typedef {{ database: string, requests: number, concurrency: number, http?: HttpRate, raw?: RawRate, ratio?: number }} Newsletter
 */

/**
 * @typedef {{ requests: number, concurrency: number, seconds: number, requestsPerSecond: number, createdPerSecond: number,
 *   p50Ms: number, p95Ms: number, non2xx: number, errors: number, statuses: Record<string, number>, firstError?: string }} HttpRate
 */

/** @param {string} origin @param {number} n @param {number} concurrency @param {string} runId @returns {Promise<HttpRate>} */
async function newsletterHttpRate(origin, n, concurrency, runId) {
  checkAborted();
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  /** @type {number[]} */ const latencies = [];
  /** @type {Record<string, number>} */ const statuses = {};
  let errors = 0;
  /** @type {string | undefined} */ let firstError;
  const post = (/** @type {number} */ i) =>
    new Promise((resolve) => {
      // The form's authorization box (#15) ticked, as the footer's box sends it.
      const body = JSON.stringify({ email: `bench-${i}-${runId}@example.com`, data_authorization: true });
      const started = performance.now();
      const req = http.request(
        `${origin}${NEWSLETTER_PATH}`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            const key = String(res.statusCode);
            statuses[key] = (statuses[key] ?? 0) + 1;
            resolve(undefined);
          });
        },
      );
      req.setTimeout(TIMEOUTS.post, () => req.destroy(new Error(`no answer within ${TIMEOUTS.post} ms`)));
      req.on('error', (err) => {
        errors++;
        firstError ??= err.message;
        resolve(undefined);
      });
      req.end(body);
    });
  let seconds;
  try {
    seconds = await runConcurrently(n, concurrency, post, isAborting);
  } finally {
    agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(statuses).reduce((sum, [code, count]) => (code.startsWith('2') ? sum + count : sum), 0);
  /** @type {HttpRate} */
  const result = {
    requests: n,
    concurrency,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    createdPerSecond: (statuses['201'] ?? 0) / seconds,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    non2xx: n - ok,
    errors,
    statuses,
  };
  if (firstError) result.firstError = firstError;
  return result;
}

/**
 * @typedef {{ database: string, rows: number, inserted: number, failed: number, concurrency: number, seconds: number,
 *   rowsPerSecond: number, p50Ms: number, p95Ms: number, cleanedUp: number, httpPhaseRowsFound: number, firstError?: string }} RawRate
 */

/**
 * Runs scripts/bench-raw-insert.ts (the site must be stopped: PGlite admits one process per directory).
 * @param {string} dataDir @param {number} n @param {number} concurrency @param {string} runId @returns {Promise<RawRate>}
 */
function rawInsertRate(dataDir, n, concurrency, runId) {
  checkAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/bench-raw-insert.ts'), dataDir, String(n), String(concurrency), runId],
      { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const unregister = onCleanup('raw insert', async () => void child.kill('SIGKILL'));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`raw insert: did not finish within ${TIMEOUTS.rawInsert / 1000} s`));
    }, TIMEOUTS.rawInsert);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      unregister();
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`raw insert: exit ${code}\n${tail(stderr)}`));
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`raw insert: unexpected output: ${last}\n${tail(stderr)}`));
      }
    });
  });
}

/** @param {HttpRate | null} h @param {RawRate | null} r @param {string} database */
export function printNewsletter(h, r, database) {
  const f = (/** @type {number} */ v) => v.toFixed(1);
  console.log(`\nNewsletter subscribe rate (database: ${database}):`);
  if (h) {
    const statuses = Object.entries(h.statuses)
      .map(([c, k]) => `${c}×${k}`)
      .join(', ');
    console.log(
      `  HTTP POST ${NEWSLETTER_PATH}: ${h.requests} requests, concurrency ${h.concurrency}, keep-alive: ${f(h.requestsPerSecond)} req/s, p50 ${f(h.p50Ms)} ms, p95 ${f(h.p95Ms)} ms, non-2xx ${h.non2xx} (statuses ${statuses || 'none'}${h.errors ? `; ${h.errors} connection errors, first: ${h.firstError}` : ''})`,
    );
  }
  if (r) {
    console.log(
      `  raw INSERT … ON CONFLICT DO NOTHING RETURNING id (same statement, openDatabase in-process): ${r.rows} rows, concurrency ${r.concurrency}: ${f(r.rowsPerSecond)} rows/s, p50 ${f(r.p50Ms)} ms, p95 ${f(r.p95Ms)} ms${r.failed ? `, ${r.failed} failed (first: ${r.firstError})` : ''}; the table already held ${r.httpPhaseRowsFound} rows of the HTTP phase${r.cleanedUp ? `, ${r.cleanedUp} bench rows removed afterwards` : ''}`,
    );
  }
  if (h && r && r.rowsPerSecond > 0) console.log(`  ratio HTTP rate / raw rate: ${(h.requestsPerSecond / r.rowsPerSecond).toFixed(3)}`);
}

/**
 * The HTTP phase; `fail` records why it could not be measured (or answered nothing but errors).
 * @param {string} origin @param {number} requests @param {number} concurrency @param {string} runId
 * @param {(err: string) => void} fail @returns {Promise<HttpRate | undefined>}
 */
export async function newsletterHttpPhase(origin, requests, concurrency, runId, fail) {
  try {
    const h = await withTimeout(newsletterHttpRate(origin, requests, concurrency, runId), TIMEOUTS.newsletterPhase, 'newsletter POSTs');
    if (h.requestsPerSecond === 0 || h.non2xx === h.requests)
      fail(`newsletter POSTs: no 2xx answer at all (${JSON.stringify(h.statuses)} ${h.firstError ?? ''})`);
    return h;
  } catch (err) {
    fail(`newsletter POSTs: ${message(err)}`);
    return undefined;
  }
}

/**
 * The raw-insert phase, with the site already stopped; `fail` records why it could not be measured.
 * @param {string} dataDir @param {number} requests @param {number} concurrency @param {string} runId
 * @param {(err: string) => void} fail @returns {Promise<RawRate | undefined>}
 */
export async function rawInsertPhase(dataDir, requests, concurrency, runId, fail) {
  try {
    const r = await rawInsertRate(dataDir, requests, concurrency, runId);
    if (r.inserted === 0) fail(`raw insert: no row inserted (${r.firstError ?? ''})`);
    return r;
  } catch (err) {
    fail(message(err));
    return undefined;
  }
}
