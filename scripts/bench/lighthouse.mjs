// Measurement 3, Lighthouse mobile scores per route (its defaults: mobile form factor, simulated throttling), with the
// elements behind any layout shift so a CLS above 0 can be traced.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CHROMIUM_PATH, LIGHTHOUSE_CHROME_FLAGS } from './browser.mjs';
import { checkAborted, onCleanup } from './cleanup.mjs';
import { TIMEOUTS, message, root, sleep, tail } from './common.mjs';

/** One main route per app: the shell's home and a content page, then courses, giving, community and account. */
export const DEFAULT_LIGHTHOUSE_ROUTES = ['/', '/nosotros', '/desarrollo-software', '/contribuciones', '/pqrsf', '/login'];

/** Issue #18's budgets: performance per route, LCP and CLS everywhere. */
export const LIGHTHOUSE_BUDGETS = { performance: { '/': 98, other: 95 }, lcpMs: 1500, cls: 0 };

/** What a row misses of its budgets, in words (empty when within them). @param {LighthouseRow} r */
export function overBudget(r) {
  const perf = LIGHTHOUSE_BUDGETS.performance[r.route === '/' ? '/' : 'other'];
  return [
    ...(r.performance !== null && r.performance < perf ? [`perf ${r.performance} < ${perf}`] : []),
    ...(r.lcpMs !== null && r.lcpMs > LIGHTHOUSE_BUDGETS.lcpMs ? [`LCP ${Math.round(r.lcpMs)} ms > ${LIGHTHOUSE_BUDGETS.lcpMs} ms`] : []),
    ...(r.cls !== null && r.cls > LIGHTHOUSE_BUDGETS.cls ? [`CLS ${r.cls.toFixed(3)} > ${LIGHTHOUSE_BUDGETS.cls}`] : []),
  ];
}

/**
 * @typedef {{ route: string, performance: number | null, accessibility: number | null, bestPractices: number | null,
 *   seo: number | null, lcpMs: number | null, tbtMs: number | null, cls: number | null, fcpMs: number | null,
 *   layoutShifts: Array<{ score: number | null, selector: string | null, snippet: string | null }>, seconds: number,
 *   runs: Array<number | null> }} LighthouseRow
 */

/** @param {string} url @param {string} outputPath @returns {Promise<void>} */
function runLighthouse(url, outputPath) {
  checkAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/lighthouse'),
      [
        url,
        `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS.join(' ')}`,
        '--output=json',
        `--output-path=${outputPath}`,
        '--quiet',
        '--only-categories=performance,accessibility,best-practices,seo',
      ],
      { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    // SIGINT lets chrome-launcher kill the Chromium it started; SIGKILL if it does not leave.
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const gone = await Promise.race([new Promise((r) => child.once('exit', () => r(true))), sleep(5_000).then(() => false)]);
      if (!gone) child.kill('SIGKILL');
    };
    const unregister = onCleanup('Lighthouse', stop);
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`Lighthouse ${url}: did not finish within ${TIMEOUTS.lighthouse / 1000} s`));
    }, TIMEOUTS.lighthouse);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      unregister();
      if (code === 0) resolve();
      else reject(new Error(`Lighthouse ${url}: exit ${code ?? signal}\n${tail(output)}`));
    });
  });
}

/** @typedef {{ details?: { items?: Array<{ score?: number, node?: { selector?: string, snippet?: string } }> } }} LighthouseAudit */

/**
 * Which elements moved, when anything did (Lighthouse's layout-shifts audit), so a CLS above 0 can be traced.
 * @param {LighthouseAudit | undefined} audit
 */
function layoutShifts(audit) {
  return (audit?.details?.items ?? []).slice(0, 5).map((item) => ({
    score: item.score ?? null,
    selector: item.node?.selector ?? null,
    snippet: item.node?.snippet?.slice(0, 160) ?? null,
  }));
}

/** One Lighthouse run of one route. @param {string} origin @param {string} route @returns {Promise<LighthouseRow>} */
async function lighthouse(origin, route) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-lh-'));
  try {
    const out = path.join(dir, 'report.json');
    const started = performance.now();
    await runLighthouse(origin + route, out);
    const seconds = (performance.now() - started) / 1000;
    /** @type {{ runtimeError?: { code: string, message: string }, categories: Record<string, { score: number | null } | undefined>,
     *   audits: Record<string, (LighthouseAudit & { numericValue?: number }) | undefined> }} */
    const report = JSON.parse(readFileSync(out, 'utf8'));
    if (report.runtimeError) throw new Error(`Lighthouse ${route}: ${report.runtimeError.code} ${report.runtimeError.message}`);
    const score = (/** @type {string} */ k) => {
      const s = report.categories[k]?.score;
      return typeof s === 'number' ? Math.round(s * 100) : null;
    };
    const metric = (/** @type {string} */ k) => report.audits[k]?.numericValue ?? null;
    return {
      route,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      fcpMs: metric('first-contentful-paint'),
      layoutShifts: layoutShifts(report.audits['layout-shifts']),
      seconds,
      runs: [],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {LighthouseRow[]} rows */
export function printLighthouse(rows) {
  const ms = (/** @type {number | null} */ v) => (v === null ? '-' : `${Math.round(v)} ms`);
  const n = (/** @type {number | null} */ v) => (v === null ? '-' : String(v));
  console.log('\nLighthouse mobile (simulated throttling):');
  console.log(
    `  ${'route'.padEnd(24)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b-p'.padStart(5)} ${'seo'.padStart(5)}  ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'FCP'.padStart(8)}`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.route.padEnd(24)} ${n(r.performance).padStart(5)} ${n(r.accessibility).padStart(5)} ${n(r.bestPractices).padStart(5)} ${n(r.seo).padStart(5)}  ${ms(r.lcpMs).padStart(8)} ${ms(r.tbtMs).padStart(7)} ${(r.cls === null ? '-' : r.cls.toFixed(3)).padStart(6)} ${ms(r.fcpMs).padStart(8)}`,
    );
  }
  for (const r of rows) {
    const over = overBudget(r);
    console.log(
      `  ${r.route}: runs ${r.runs.join(', ')} (median shown); ${over.length ? `over budget: ${over.join('; ')}` : 'within budget'}`,
    );
    for (const shift of r.layoutShifts) {
      console.log(`  note ${r.route}: layout shift ${shift.score?.toFixed(3) ?? '?'} on ${shift.selector ?? '?'} ${shift.snippet ?? ''}`);
    }
  }
}

/**
 * `runs` runs per route (3 by default), one after another (two at once would skew both on this machine); the row is the
 * run with the median performance score, with every run's score beside it. A run that fails twice is reported through
 * `fail` and the others go on.
 * @param {string} origin @param {string[]} routes @param {(err: string) => void} fail @param {number} [runs]
 * @returns {Promise<LighthouseRow[]>}
 */
export async function measureLighthouse(origin, routes, fail, runs = 3) {
  /** @type {LighthouseRow[]} */
  const rows = [];
  for (const route of routes) {
    /** @type {LighthouseRow[]} */
    const measured = [];
    for (let i = 0; i < runs; i++) {
      // Lighthouse now and then loses the trace of a load ("NO_NAVSTART … Please run Lighthouse again"): a run gets one
      // more try before it counts as not measured, so the median is still of three.
      for (let attempt = 1; ; attempt++) {
        try {
          measured.push(await lighthouse(origin, route));
          break;
        } catch (err) {
          if (attempt < 2) {
            console.log(`  note ${route}: run ${i + 1} tried again after: ${message(err).split('\n')[0]}`);
            continue;
          }
          fail(message(err));
          break;
        }
      }
    }
    if (!measured.length) continue;
    const byScore = [...measured].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
    const median = byScore[Math.floor((byScore.length - 1) / 2)];
    rows.push({ ...median, runs: measured.map((m) => m.performance) });
  }
  return rows;
}
