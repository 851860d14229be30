// Runs one of the TypeScript benches (pqrsf-inbox.ts, ledgers.ts) in its own process, as `npm run bench` phases do:
// its progress goes to stderr (kept for the error message), its one JSON result is the last line of stdout.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkAborted, onCleanup } from './cleanup.mjs';
import { root, tail } from './common.mjs';

const TIMEOUT_MS = 10 * 60_000;

/** @param {string} label @param {string} script relative to the repository @param {string[]} args @returns {Promise<any>} */
export function runTsBench(label, script, args) {
  checkAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const unregister = onCleanup(`${label} bench`, async () => void child.kill('SIGTERM'));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${label}: did not finish within ${TIMEOUT_MS / 1000} s`));
    }, TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      unregister();
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`${label}: exit ${code}\n${tail(stderr)}`));
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`${label}: unexpected output: ${last}\n${tail(stderr)}`));
      }
    });
  });
}

/**
 * @typedef {{ name: string, runs: number, rowsReturned: number, p50Ms: number, p95Ms: number }} ListTiming
 * @param {string} title @param {{ rows: number, seedSeconds: number, trigramIndex: boolean, targetMs: number, timings: ListTiming[], withinTarget: boolean }} r
 */
export function printListBench(title, r) {
  console.log(`\n${title} (PostgreSQL, seeded in ${r.seedSeconds.toFixed(1)} s; trigram search index: ${r.trigramIndex ? 'yes' : 'no'}):`);
  for (const t of r.timings)
    console.log(
      `  ${t.name}: median ${t.p50Ms.toFixed(1)} ms, p95 ${t.p95Ms.toFixed(1)} ms over ${t.runs} requests (${t.rowsReturned} rows)`,
    );
  console.log(`  target: median < ${r.targetMs} ms for every page: ${r.withinTarget ? 'met' : 'NOT met'}`);
}
