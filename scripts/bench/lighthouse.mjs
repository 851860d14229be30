// Measurement 3, Lighthouse mobile scores per route (its defaults: mobile form factor, simulated throttling), with the
// elements behind any layout shift so a CLS above 0 can be traced.
//
// Calibrated so that no machine flatters the site (#33): Lighthouse's default CPU slowdown (×4) stands for a phone only
// on a machine about as fast as the one it was tuned on. A first run, not counted, reads this host's benchmarkIndex
// (Lighthouse's own measure of the CPU); every counted run then slows the CPU by max(4, 4 × benchmarkIndex / 1400), so
// a faster host is slowed more and never less than Lighthouse's default.
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

/**
 * The budgets, judged on the median run of each route: issue #18's (performance per route, LCP and CLS everywhere) and
 * issue #33's TBT. They are judged on whatever slowdown the run used, which the report names beside every verdict.
 */
export const LIGHTHOUSE_BUDGETS = { performance: { '/': 98, other: 95 }, lcpMs: 1500, tbtMs: 150, cls: 0 };

/** Lighthouse's default mobile CPU slowdown, and the benchmarkIndex its calibration treats as that slowdown's host. */
export const DEFAULT_SLOWDOWN = 4;
export const REFERENCE_BENCHMARK_INDEX = 1400;

/** The CPU slowdown for a host of this benchmarkIndex: max(4, 4 × index / 1400), to two decimals. @param {number} benchmarkIndex */
export function calibratedSlowdown(benchmarkIndex) {
  const m = Math.max(DEFAULT_SLOWDOWN, (DEFAULT_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX);
  return Math.round(m * 100) / 100;
}

/**
 * Where the slowdown came from: this host's calibration run, Lighthouse's default (BENCH_LIGHTHOUSE_CALIBRATE=0), or given
 * (BENCH_LIGHTHOUSE_SLOWDOWN: an earlier run's, so that two versions are compared at one slowdown).
 * @typedef {{ source: 'calibrated' | 'default' | 'given', benchmarkIndex: number | null, multiplier: number,
 *   calibrationRoute: string | null }} Calibration
 */

/** What a row misses of its budgets, in words (empty when within them). @param {LighthouseRow} r */
export function overBudget(r) {
  const perf = LIGHTHOUSE_BUDGETS.performance[r.route === '/' ? '/' : 'other'];
  return [
    ...(r.performance === null ? ['no performance score'] : r.performance < perf ? [`perf ${r.performance} < ${perf}`] : []),
    ...(r.lcpMs !== null && r.lcpMs > LIGHTHOUSE_BUDGETS.lcpMs ? [`LCP ${Math.round(r.lcpMs)} ms > ${LIGHTHOUSE_BUDGETS.lcpMs} ms`] : []),
    ...(r.tbtMs !== null && r.tbtMs > LIGHTHOUSE_BUDGETS.tbtMs ? [`TBT ${Math.round(r.tbtMs)} ms > ${LIGHTHOUSE_BUDGETS.tbtMs} ms`] : []),
    ...(r.cls !== null && r.cls > LIGHTHOUSE_BUDGETS.cls ? [`CLS ${r.cls.toFixed(3)} > ${LIGHTHOUSE_BUDGETS.cls}`] : []),
  ];
}

/**
 * @typedef {{ route: string, performance: number | null, accessibility: number | null, bestPractices: number | null,
 *   seo: number | null, lcpMs: number | null, tbtMs: number | null, cls: number | null, fcpMs: number | null,
 *   layoutShifts: Array<{ score: number | null, selector: string | null, snippet: string | null }>, seconds: number,
 *   runs: Array<number | null>, benchmarkIndex: number | null, benchmarkIndexes: Array<number | null>, multiplier: number }} LighthouseRow
 */

/** @param {string} url @param {string} outputPath @param {number} multiplier @returns {Promise<void>} */
function runLighthouse(url, outputPath, multiplier) {
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
        // The rest of the mobile throttling stays Lighthouse's (slow 4G, simulated).
        `--throttling.cpuSlowdownMultiplier=${multiplier}`,
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

/**
 * One Lighthouse run of one route.
 * @param {string} origin @param {string} route @param {number} multiplier @returns {Promise<LighthouseRow>}
 */
async function lighthouse(origin, route, multiplier) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-lh-'));
  try {
    const out = path.join(dir, 'report.json');
    const started = performance.now();
    await runLighthouse(origin + route, out, multiplier);
    const seconds = (performance.now() - started) / 1000;
    /** @type {{ runtimeError?: { code: string, message: string }, categories: Record<string, { score: number | null } | undefined>,
     *   audits: Record<string, (LighthouseAudit & { numericValue?: number }) | undefined>,
     *   environment?: { benchmarkIndex?: number } }} */
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
      benchmarkIndex: typeof report.environment?.benchmarkIndex === 'number' ? Math.round(report.environment.benchmarkIndex) : null,
      benchmarkIndexes: [],
      multiplier,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each route's verdict on the budgets, in words. @param {LighthouseRow} r */
export function verdict(r) {
  const over = overBudget(r);
  return over.length ? `FAIL (${over.join('; ')})` : 'pass';
}

/** @param {Calibration} c */
export function describeCalibration(c) {
  const index = c.benchmarkIndex === null ? 'not read' : String(c.benchmarkIndex);
  if (c.source === 'calibrated')
    return `benchmarkIndex ${index} (calibration run on ${c.calibrationRoute}) → CPU slowdown ×${c.multiplier} = max(${DEFAULT_SLOWDOWN}, ${DEFAULT_SLOWDOWN} × ${index} / ${REFERENCE_BENCHMARK_INDEX})`;
  if (c.source === 'given') return `CPU slowdown ×${c.multiplier} as given (BENCH_LIGHTHOUSE_SLOWDOWN), not calibrated on this host`;
  return `not calibrated (BENCH_LIGHTHOUSE_CALIBRATE=0): Lighthouse's default CPU slowdown ×${c.multiplier}`;
}

/** @param {{ calibration: Calibration, rows: LighthouseRow[] }} lighthouse */
export function printLighthouse({ calibration, rows }) {
  const ms = (/** @type {number | null} */ v) => (v === null ? '-' : `${Math.round(v)} ms`);
  const n = (/** @type {number | null} */ v) => (v === null ? '-' : String(v));
  console.log(`\nLighthouse mobile (simulated throttling; ${describeCalibration(calibration)}):`);
  console.log(
    `  ${'route'.padEnd(24)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b-p'.padStart(5)} ${'seo'.padStart(5)}  ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'FCP'.padStart(8)}`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.route.padEnd(24)} ${n(r.performance).padStart(5)} ${n(r.accessibility).padStart(5)} ${n(r.bestPractices).padStart(5)} ${n(r.seo).padStart(5)}  ${ms(r.lcpMs).padStart(8)} ${ms(r.tbtMs).padStart(7)} ${(r.cls === null ? '-' : r.cls.toFixed(3)).padStart(6)} ${ms(r.fcpMs).padStart(8)}`,
    );
  }
  const b = LIGHTHOUSE_BUDGETS;
  console.log(
    `  budgets (median of the runs, at ×${calibration.multiplier}): perf ≥ ${b.performance['/']} on /, ≥ ${b.performance.other} elsewhere; LCP ≤ ${b.lcpMs} ms; TBT ≤ ${b.tbtMs} ms; CLS ${b.cls}`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.route}: ${verdict(r)}; runs ${r.runs.join(', ')} (median shown); benchmarkIndex per run ${r.benchmarkIndexes.map((i) => i ?? '?').join(', ')}`,
    );
    for (const shift of r.layoutShifts) {
      console.log(`  note ${r.route}: layout shift ${shift.score?.toFixed(3) ?? '?'} on ${shift.selector ?? '?'} ${shift.snippet ?? ''}`);
    }
  }
}

/**
 * The CPU slowdown every counted run uses: one run of `route`, not counted, at Lighthouse's default, reads the host's
 * benchmarkIndex. When that run fails (twice) the bench cannot say what a phone sees, so it throws.
 * @param {string} origin @param {string} route @returns {Promise<Calibration>}
 */
export async function calibrate(origin, route) {
  for (let attempt = 1; ; attempt++) {
    try {
      const run = await lighthouse(origin, route, DEFAULT_SLOWDOWN);
      if (run.benchmarkIndex === null) throw new Error('Lighthouse reported no benchmarkIndex');
      return {
        source: 'calibrated',
        benchmarkIndex: run.benchmarkIndex,
        multiplier: calibratedSlowdown(run.benchmarkIndex),
        calibrationRoute: route,
      };
    } catch (err) {
      if (attempt >= 2) throw new Error(`Lighthouse calibration on ${route}: ${message(err)}`);
      console.log(`  note calibration: tried again after: ${message(err).split('\n')[0]}`);
    }
  }
}

/**
 * `runs` runs per route (3 by default), one after another (two at once would skew both on this machine); the row is the
 * run with the median performance score, with every run's score beside it. A run that fails twice is reported through
 * `fail` and the others go on. Every run uses the calibration's slowdown (`calibrate`, or Lighthouse's default ×4 when
 * `options.calibrate` is false).
 * @param {string} origin @param {string[]} routes @param {(err: string) => void} fail @param {number} [runs]
 * @param {{ calibrate?: boolean, calibration?: Calibration }} [options] a given calibration is used as it is (comparisons)
 * @returns {Promise<{ calibration: Calibration, rows: LighthouseRow[] }>}
 */
export async function measureLighthouse(origin, routes, fail, runs = 3, options = {}) {
  const calibration =
    options.calibration ??
    (options.calibrate === false || !routes[0]
      ? { source: 'default', benchmarkIndex: null, multiplier: DEFAULT_SLOWDOWN, calibrationRoute: null }
      : await calibrate(origin, routes[0]));
  console.log(`\nLighthouse: ${describeCalibration(calibration)}`);
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
          measured.push(await lighthouse(origin, route, calibration.multiplier));
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
    rows.push({ ...median, runs: measured.map((m) => m.performance), benchmarkIndexes: measured.map((m) => m.benchmarkIndex) });
  }
  return { calibration, rows };
}
