// npm run bench: prints numbers; it is a benchmark, not a test. No threshold makes it fail: it exits non-zero
// only when a measurement could not be taken. It starts its own site (free port, fresh temporary DATA_DIR),
// measures cold start, first-load JS per key route, Lighthouse mobile scores and the newsletter POST rate
// against a raw insert rate into the same table of the same database, then writes bench/results/latest.json.
//
// Env: BENCH_REQUESTS (2000), BENCH_CONCURRENCY (16), BENCH_SKIP_LIGHTHOUSE=1,
//      BENCH_LIGHTHOUSE_ROUTES="/,/desarrollo-software,/contribuciones", BENCH_START_TIMEOUT_MS (900000),
//      DATABASE_URL (both newsletter phases run against that PostgreSQL instead of PGlite).
// Network: everything stays on 127.0.0.1; the browsers get a dead proxy for any other host (loopback bypasses it).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const HOST = '127.0.0.1';
const CHROMIUM_PATH = '/usr/bin/chromium';
/** Any host but loopback goes to a closed port: the benchmark never reaches outside 127.0.0.1. */
const NO_OUTSIDE_NETWORK = '--proxy-server=http://127.0.0.1:9';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  NO_OUTSIDE_NETWORK,
];
const LIGHTHOUSE_CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', NO_OUTSIDE_NETWORK];
/** Lighthouse's default mobile screen (Moto G Power), so the first-load numbers see what its run sees. */
const MOBILE_VIEWPORT = { width: 412, height: 823 };

const KEY_ROUTES = [
  '/',
  '/desarrollo-software',
  '/desarrollo-software/registro',
  '/contribuciones',
  '/voluntarios',
  '/pqrsf',
  '/login',
  '/mis-cursos',
];
const DEFAULT_LIGHTHOUSE_ROUTES = ['/', '/desarrollo-software', '/contribuciones'];
const NEWSLETTER_PATH = '/api/community/newsletter/subscribe';

const TIMEOUTS = {
  start: positiveInt(process.env.BENCH_START_TIMEOUT_MS, 15 * 60_000),
  healthProbe: 2_000,
  stop: 20_000,
  browserLaunch: 30_000,
  pageLoad: 45_000,
  settleAfterIdle: 1_500,
  asset: 10_000,
  lighthouse: 180_000,
  post: 30_000,
  newsletterPhase: 15 * 60_000,
  rawInsert: 15 * 60_000,
};

/** @param {string | undefined} value @param {number} fallback */
function positiveInt(value, fallback) {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rejects when `promise` has not settled within `ms`.
 * @template T @param {Promise<T>} promise @param {number} ms @param {string} what @returns {Promise<T>}
 */
function withTimeout(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** @param {unknown} err */
const message = (err) => (err instanceof Error ? err.message : String(err));

// ---------------------------------------------------------------------------------------------------------------
// Clean-up: every started process or browser registers how to stop it; run on success, error and SIGINT/SIGTERM.

/** @type {Array<{ name: string, stop: () => Promise<void> }>} */
const cleanups = [];

/** Set by SIGINT/SIGTERM: from then on nothing new is started. */
let aborting = false;

/** Throws once the run was interrupted, so no phase starts a process or browser after the clean-up began. */
function checkAborted() {
  if (aborting) throw new Error('interrupted');
}

/** @param {string} name @param {() => Promise<void>} stop @returns {() => void} unregisters */
function onCleanup(name, stop) {
  if (aborting) {
    void stop();
    throw new Error(`interrupted: stopped ${name} at once`);
  }
  const entry = { name, stop };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

async function runCleanups() {
  while (cleanups.length) {
    const entry = /** @type {{ name: string, stop: () => Promise<void> }} */ (cleanups.pop());
    try {
      await withTimeout(entry.stop(), TIMEOUTS.stop + 5_000, `stopping ${entry.name}`);
    } catch (err) {
      console.error(`  (limpieza) ${message(err)}`);
    }
  }
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    aborting = true;
    console.error(`\n${signal}: stopping the site, the browsers and Lighthouse…`);
    void runCleanups().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP helpers (node:http only: no decompression, no proxies, no redirects).

/** @returns {Promise<number>} a TCP port that was free on 127.0.0.1 a moment ago */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * GETs a URL and counts the body bytes exactly as they came over the wire (still compressed).
 * @param {string} url @param {string} acceptEncoding
 * @returns {Promise<{ status: number, bytes: number, encoding: string, contentType: string }>}
 */
function rawGet(url, acceptEncoding, timeoutMs = TIMEOUTS.asset) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          contentType: String(res.headers['content-type'] ?? ''),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${url}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

/** @param {number[]} sorted ascending @param {number} p */
function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. The site: npm start's script on a free port with a fresh data directory.

/**
 * @typedef {{ child: import('node:child_process').ChildProcess, origin: string, output: () => string,
 *   exited: Promise<number | null>, healthy: boolean, stop: () => Promise<void> }} Site
 */

/**
 * @param {Record<string, string>} env
 * @returns {Promise<{ site: Site, seconds: number, built: boolean, buildLine: string | null, database: string }>}
 */
async function startSite(env) {
  checkAborted();
  const started = performance.now();
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...siteBaseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: a stop during the build also reaches build.mjs and webpack.
    detached: true,
  });
  const append = (/** @type {Buffer} */ chunk) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))));
  /** @type {Site} */
  const site = {
    child,
    origin: `http://${HOST}:${env.PORT}`,
    output: () => output,
    exited,
    healthy: false,
    stop: async () => {
      unregister();
      await stopSite(site);
    },
  };
  const unregister = onCleanup('the site', () => stopSite(site));

  const deadline = Date.now() + TIMEOUTS.start;
  let exitCode = /** @type {number | null | undefined} */ (undefined);
  void exited.then((c) => (exitCode = c));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the site exited before it was healthy (code ${exitCode}):\n${tail(output)}`);
    const health = await rawGet(`${site.origin}/healthz`, 'identity', TIMEOUTS.healthProbe).catch(() => null);
    if (health?.status === 200) {
      site.healthy = true;
      const body = await healthBody(site.origin);
      const buildLine = output.split('\n').find((l) => l.includes('Compilando')) ?? null;
      return { site, seconds: (performance.now() - started) / 1000, built: buildLine !== null, buildLine, database: body.database ?? '?' };
    }
    await sleep(200);
  }
  throw new Error(`/healthz did not answer 200 within ${Math.round(TIMEOUTS.start / 1000)} s:\n${tail(output)}`);
}

/** The server's environment: ours minus anything that would send traffic beyond 127.0.0.1 (mail, payments, remotes). */
function siteBaseEnv() {
  const outside = /^(SMTP_URL|MERCADOPAGO_|REMOTE_|PUBLIC_ORIGIN$|HOST$|NODE_ENV$)/;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !outside.test(key)));
}

/** @param {string} origin @returns {Promise<{ database?: string }>} */
async function healthBody(origin) {
  return new Promise((resolve) => {
    const req = http.get(`${origin}/healthz`, { agent: false }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(text));
        } catch {
          resolve({});
        }
      });
    });
    req.setTimeout(TIMEOUTS.healthProbe, () => req.destroy());
    req.on('error', () => resolve({}));
  });
}

/** @param {string} text */
const tail = (text) => text.split('\n').slice(-30).join('\n');

/**
 * Stops the site so PGlite closes its files: SIGTERM to start.mjs alone (it forwards one SIGTERM to the server,
 * which closes the database); a second signal would kill the server before it closes. Then the group, by force.
 * @param {Site} site
 */
async function stopSite(site) {
  const pid = site.child.pid;
  if (pid === undefined) return;
  if (site.child.exitCode === null && site.child.signalCode === null) {
    // Before healthy the group may be building: stop all of it. Once serving, let start.mjs forward the signal.
    if (site.healthy) site.child.kill('SIGTERM');
    else signalGroup(pid, 'SIGTERM');
    // A site that never got healthy holds no data worth closing cleanly (and a SIGTERM during its start-up may be
    // swallowed by scripts/serve.ts's sandbox handler), so it gets a short grace period.
    const grace = site.healthy ? TIMEOUTS.stop : 5_000;
    const stopped = await Promise.race([site.exited.then(() => true), sleep(grace).then(() => false)]);
    if (!stopped) console.error(`  the site did not exit within ${grace / 1000} s of SIGTERM: SIGKILL`);
  }
  // Whatever is left of the group (a half-way build, an orphaned server) goes too.
  await sleep(200);
  signalGroup(pid, 'SIGKILL');
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 2. First-load JS per key route.

/**
 * @typedef {{ route: string, status: number, jsBytesGz: number, jsRequests: number, cssBytesGz: number, cssRequests: number,
 *   budgetKb: number, withinBudget: boolean, notGzipped: string[], pageErrors: string[], outsideRequests: string[] }} RouteLoad
 */

/** @param {string} route */
const budgetKb = (route) => (route === '/' ? 160 : 230);

async function launchBrowser() {
  checkAborted();
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} does not exist`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: TIMEOUTS.browserLaunch });
  const unregister = onCleanup('Chromium', () => browser.close());
  return {
    browser,
    close: async () => {
      unregister();
      await withTimeout(browser.close(), TIMEOUTS.stop, 'closing Chromium');
    },
  };
}

/**
 * Opens the route in a fresh context, collects what it loaded, then re-fetches each JS/CSS URL with
 * `accept-encoding: gzip` and counts the compressed bytes as sent.
 * @param {import('playwright-core').Browser} browser @param {string} origin @param {string} route @returns {Promise<RouteLoad>}
 */
async function measureRoute(browser, origin, route) {
  checkAborted();
  const context = await browser.newContext({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
  /** @type {Set<string>} */ const js = new Set();
  /** @type {Set<string>} */ const css = new Set();
  /** @type {string[]} */ const pageErrors = [];
  /** @type {string[]} */ const outsideRequests = [];
  let status = 0;
  try {
    const page = await context.newPage();
    page.on('request', (req) => {
      if (!req.url().startsWith(origin) && !req.url().startsWith('data:') && !req.url().startsWith('blob:'))
        outsideRequests.push(req.url());
    });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('response', (res) => {
      if (!res.url().startsWith(origin)) return;
      const type = res.request().resourceType();
      const contentType = res.headers()['content-type'] ?? '';
      if (type === 'script' || /javascript/i.test(contentType)) js.add(res.url());
      else if (type === 'stylesheet' || /text\/css/i.test(contentType)) css.add(res.url());
    });
    const response = await page.goto(origin + route, { waitUntil: 'networkidle', timeout: TIMEOUTS.pageLoad });
    status = response?.status() ?? 0;
    await page.waitForTimeout(TIMEOUTS.settleAfterIdle);
  } finally {
    await context.close().catch(() => undefined);
  }
  /** @type {string[]} */ const notGzipped = [];
  const sizeOf = async (/** @type {Set<string>} */ urls) => {
    let total = 0;
    for (const url of urls) {
      const res = await rawGet(url, 'gzip');
      if (res.status !== 200) throw new Error(`GET ${url}: HTTP ${res.status}`);
      if (res.encoding !== 'gzip') notGzipped.push(`${new URL(url).pathname} (${res.encoding}, ${res.bytes} B)`);
      total += res.bytes;
    }
    return total;
  };
  const jsBytesGz = await sizeOf(js);
  const cssBytesGz = await sizeOf(css);
  const budget = budgetKb(route);
  return {
    route,
    status,
    jsBytesGz,
    jsRequests: js.size,
    cssBytesGz,
    cssRequests: css.size,
    budgetKb: budget,
    withinBudget: jsBytesGz / 1024 <= budget,
    notGzipped,
    pageErrors,
    outsideRequests,
  };
}

/** @param {string} origin @param {string[]} routes @param {(err: string) => void} fail @returns {Promise<RouteLoad[]>} */
async function measureFirstLoad(origin, routes, fail) {
  const { browser, close } = await launchBrowser();
  /** @type {RouteLoad[]} */
  const rows = [];
  try {
    for (const route of routes) {
      try {
        rows.push(await measureRoute(browser, origin, route));
      } catch (err) {
        fail(`first load ${route}: ${message(err)}`);
      }
    }
  } finally {
    await close();
  }
  return rows;
}

/** @param {RouteLoad[]} rows */
function printFirstLoad(rows) {
  const kb = (/** @type {number} */ b) => (b / 1024).toFixed(1);
  console.log(`\nFirst-load JS per route (gzip bytes as sent, mobile viewport ${MOBILE_VIEWPORT.width}x${MOBILE_VIEWPORT.height}):`);
  console.log(
    `  ${'route'.padEnd(32)} ${'JS KB gz'.padStart(9)} ${'requests'.padStart(9)} ${'CSS KB gz'.padStart(10)} ${'budget'.padStart(8)}  within budget`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.route.padEnd(32)} ${kb(r.jsBytesGz).padStart(9)} ${String(r.jsRequests).padStart(9)} ${kb(r.cssBytesGz).padStart(10)} ${`${r.budgetKb} KB`.padStart(8)}  ${r.withinBudget ? 'yes' : 'NO'}`,
    );
  }
  for (const r of rows) {
    if (r.status !== 200) console.log(`  note ${r.route}: document answered HTTP ${r.status}`);
    if (r.notGzipped.length) console.log(`  note ${r.route}: not gzip-encoded (counted as sent): ${r.notGzipped.join(', ')}`);
    if (r.pageErrors.length) console.log(`  note ${r.route}: page errors: ${r.pageErrors.slice(0, 3).join(' | ')}`);
    if (r.outsideRequests.length)
      console.log(`  note ${r.route}: blocked requests beyond the site: ${r.outsideRequests.slice(0, 5).join(', ')}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Lighthouse (mobile form factor, simulated throttling: its defaults).

/**
 * @typedef {{ route: string, performance: number | null, accessibility: number | null, bestPractices: number | null,
 *   seo: number | null, lcpMs: number | null, tbtMs: number | null, cls: number | null, fcpMs: number | null,
 *   layoutShifts: Array<{ score: number | null, selector: string | null, snippet: string | null }>, seconds: number }} LighthouseRow
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

/** @param {string} origin @param {string} route @returns {Promise<LighthouseRow>} */
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
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {LighthouseRow[]} rows */
function printLighthouse(rows) {
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
    for (const shift of r.layoutShifts) {
      console.log(`  note ${r.route}: layout shift ${shift.score?.toFixed(3) ?? '?'} on ${shift.selector ?? '?'} ${shift.snippet ?? ''}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Newsletter: HTTP POST rate, then the raw insert rate into the same table of the same database.

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
      const body = JSON.stringify({ email: `bench-${i}-${runId}@example.com` });
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
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, n) }, async () => {
        for (let i = next++; i < n && !aborting; i = next++) await post(i);
      }),
    );
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
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

/** Runs scripts/bench-raw-insert.ts (the site must be stopped: PGlite admits one process per directory). */
/** @param {string} dataDir @param {number} n @param {number} concurrency @param {string} runId @returns {Promise<RawRate>} */
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
function printNewsletter(h, r, database) {
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

// ---------------------------------------------------------------------------------------------------------------
// 5. Summary.

/** @param {Record<string, any>} results */
function summaryLines(results) {
  const lines = [];
  const f = (/** @type {number | undefined | null} */ v, d = 1) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(d) : '-');
  if (results.coldStart)
    lines.push(
      `cold start to healthy: ${f(results.coldStart.seconds)} s (${results.coldStart.built ? 'build ran' : 'no build: dist up to date'})`,
    );
  for (const r of results.firstLoad ?? []) {
    lines.push(
      `first-load JS ${r.route}: ${f(r.jsBytesGz / 1024)} KB gz in ${r.jsRequests} requests (budget ${r.budgetKb} KB: ${r.withinBudget ? 'within' : 'OVER'})`,
    );
  }
  for (const r of results.lighthouse ?? []) {
    lines.push(
      `lighthouse ${r.route}: perf ${r.performance ?? '-'} a11y ${r.accessibility ?? '-'} bp ${r.bestPractices ?? '-'} seo ${r.seo ?? '-'}; LCP ${f(r.lcpMs, 0)} ms TBT ${f(r.tbtMs, 0)} ms CLS ${f(r.cls, 3)} FCP ${f(r.fcpMs, 0)} ms`,
    );
  }
  const n = results.newsletter;
  if (n?.http)
    lines.push(
      `newsletter HTTP (${n.database}): ${f(n.http.requestsPerSecond)} req/s, p50 ${f(n.http.p50Ms)} ms, p95 ${f(n.http.p95Ms)} ms, non-2xx ${n.http.non2xx}`,
    );
  if (n?.raw) lines.push(`newsletter raw insert (${n.raw.database}): ${f(n.raw.rowsPerSecond)} rows/s`);
  if (n?.ratio !== undefined) lines.push(`ratio HTTP / raw: ${f(n.ratio, 3)}`);
  for (const e of results.errors ?? []) lines.push(`COULD NOT MEASURE: ${e}`);
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const requests = positiveInt(process.env.BENCH_REQUESTS, 2000);
  const concurrency = positiveInt(process.env.BENCH_CONCURRENCY, 16);
  const lighthouseRoutes = (process.env.BENCH_LIGHTHOUSE_ROUTES ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const skipLighthouse = process.env.BENCH_SKIP_LIGHTHOUSE === '1';
  const usingPostgres = Boolean(process.env.DATABASE_URL);
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  onCleanup('the temporary DATA_DIR', async () => rmSync(dataDir, { recursive: true, force: true }));

  /** @type {Record<string, any>} */
  const results = {
    date: new Date().toISOString(),
    runId,
    database: usingPostgres ? 'postgres (DATABASE_URL)' : `pglite (${dataDir})`,
    errors: [],
  };
  const fail = (/** @type {string} */ e) => {
    checkAborted();
    results.errors.push(e);
    console.error(`  ! ${e}`);
  };
  console.log(`Benchmark ${runId}: database ${results.database}; node ${process.version}; ${os.cpus().length} CPUs`);

  // 1. Cold start.
  const env = {
    PORT: String(await freePort()),
    PAYMENT_SANDBOX_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    HOST,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_WRITES: '1000000',
  };
  const start = await startSite(env);
  const { site } = start;
  results.coldStart = {
    seconds: start.seconds,
    built: start.built,
    buildLine: start.buildLine,
    port: Number(env.PORT),
    healthzDatabase: start.database,
  };
  console.log(
    `\ncold start to healthy: ${start.seconds.toFixed(1)} s (${start.built ? `a build ran: "${start.buildLine?.trim()}"` : 'no build: every dist was up to date'}; /healthz reports database ${start.database})`,
  );

  // 2. First-load JS.
  try {
    results.firstLoad = await measureFirstLoad(site.origin, KEY_ROUTES, fail);
    printFirstLoad(results.firstLoad);
  } catch (err) {
    fail(`first load: ${message(err)}`);
  }

  // 3. Lighthouse.
  if (skipLighthouse) console.log('\nLighthouse: skipped (BENCH_SKIP_LIGHTHOUSE=1)');
  else {
    results.lighthouse = [];
    for (const route of lighthouseRoutes.length ? lighthouseRoutes : DEFAULT_LIGHTHOUSE_ROUTES) {
      try {
        results.lighthouse.push(await lighthouse(site.origin, route));
      } catch (err) {
        fail(message(err));
      }
    }
    printLighthouse(results.lighthouse);
  }

  // 4. Newsletter: HTTP against the running site, then raw inserts with the site stopped (one PGlite process).
  results.newsletter = { database: usingPostgres ? 'postgres' : 'pglite', requests, concurrency };
  try {
    const h = await withTimeout(
      newsletterHttpRate(site.origin, requests, concurrency, runId),
      TIMEOUTS.newsletterPhase,
      'newsletter POSTs',
    );
    results.newsletter.http = h;
    if (h.requestsPerSecond === 0 || h.non2xx === h.requests)
      fail(`newsletter POSTs: no 2xx answer at all (${JSON.stringify(h.statuses)} ${h.firstError ?? ''})`);
  } catch (err) {
    fail(`newsletter POSTs: ${message(err)}`);
  }
  const serverLog = site.output();
  await site.stop();
  results.serverWarnings = serverLog.split('\n').filter((l) => /"level":(40|50|60)/.test(l)).length;
  try {
    const r = await rawInsertRate(dataDir, requests, concurrency, runId);
    results.newsletter.raw = r;
    if (r.inserted === 0) fail(`raw insert: no row inserted (${r.firstError ?? ''})`);
  } catch (err) {
    fail(message(err));
  }
  const { http: h, raw: r } = results.newsletter;
  if (h && r && r.rowsPerSecond > 0) results.newsletter.ratio = h.requestsPerSecond / r.rowsPerSecond;
  printNewsletter(h ?? null, r ?? null, results.newsletter.database);
  if (results.serverWarnings) console.log(`  note: the server logged ${results.serverWarnings} warning/error lines during the run`);

  // 5. Summary.
  const lines = summaryLines(results);
  console.log(`\n===== summary (${results.date}) =====`);
  for (const line of lines) console.log(`  ${line}`);
  results.summary = lines;
  const out = path.join(root, 'bench/results/latest.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(root, out)}`);
  return results.errors.length === 0;
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  if (aborting) console.error('bench: interrupted, nothing written');
  else console.error(`\nbench: could not measure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  await runCleanups();
}
process.exit(ok ? 0 : 1);
