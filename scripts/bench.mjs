// npm run bench: prints numbers; it is a benchmark, not a test. No threshold makes it fail: it exits non-zero
// only when a measurement could not be taken. It starts its own site (free ports, fresh temporary DATA_DIR),
// measures cold start, first-load JS per key route, Lighthouse mobile scores and the newsletter POST rate
// against a raw insert rate into the same table of the same database, then writes bench/results/latest.json.
// One module per measurement in scripts/bench/; this file runs them in order on one site.
//
// Env: BENCH_ONLY="lighthouse,html-rate" (only these parts after the cold start; all by default: first-load, lighthouse,
//      html-rate, newsletter, public-writes, pqrsf-inbox, ledgers), BENCH_REQUESTS (2000), BENCH_CONCURRENCY (16), BENCH_SKIP_LIGHTHOUSE=1,
//      BENCH_LIGHTHOUSE_ROUTES="/,/nosotros,/desarrollo-software,/contribuciones,/pqrsf,/login", BENCH_LIGHTHOUSE_RUNS (3, median
//      reported), BENCH_LIGHTHOUSE_CALIBRATE=0 (Lighthouse's default CPU slowdown ×4 instead of the host's calibrated one),
//      BENCH_LIGHTHOUSE_SLOWDOWN=5.19 (this slowdown, no calibration run: an A/B comparison's second run takes the first's),
//      BENCH_START_TIMEOUT_MS (900000),
//      DATABASE_URL (both newsletter phases run against that PostgreSQL instead of PGlite; the PQRSF inbox and ledgers benches need it),
//      BENCH_PQRSF_ROWS (100000), BENCH_PQRSF_RUNS (30), BENCH_LEDGERS_ROWS (100000), BENCH_LEDGERS_RUNS (30),
//      BENCH_WRITES_RATES, BENCH_WRITES_SECONDS, BENCH_WRITES_REFERENCE, BENCH_WRITES_MIX (scripts/bench/public-writes.mjs),
//      BENCH_HTML_BROWSER=0 (html-rate without the rows that ask as a browser does, br and gzip),
//      BENCH_LOG_LEVEL (the site's LOG_LEVEL, warn by default; info is production's).
// Network: everything stays on 127.0.0.1; the browsers get a dead proxy for any other host (loopback bypasses it).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkAborted, cleanUpOnSignals, isAborting, onCleanup, runCleanups } from './bench/cleanup.mjs';
import { measureColdStart } from './bench/cold-start.mjs';
import { message, positiveInt } from './bench/common.mjs';
import { KEY_ROUTES, measureFirstLoad, printFirstLoad } from './bench/first-load.mjs';
import { measureHtmlRate, printHtmlRate } from './bench/html-rate.mjs';
import { DEFAULT_LIGHTHOUSE_ROUTES, measureLighthouse, printLighthouse } from './bench/lighthouse.mjs';
import { newsletterHttpPhase, printNewsletter, rawInsertPhase } from './bench/newsletter.mjs';
import { ledgersPhase } from './bench/ledgers.mjs';
import { pqrsfInboxPhase } from './bench/pqrsf-inbox.mjs';
import { publicWritesPhase } from './bench/public-writes.mjs';
import { report } from './bench/report.mjs';
import { siteEnv } from './bench/site.mjs';

cleanUpOnSignals();

/** The parts a run may be limited to (BENCH_ONLY); the cold start always runs, since it starts the measured site. */
const PARTS = ['first-load', 'lighthouse', 'html-rate', 'newsletter', 'public-writes', 'pqrsf-inbox', 'ledgers'];

/** @returns {(part: string) => boolean} */
function selectedParts() {
  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = only.filter((p) => !PARTS.includes(p));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown part(s) ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
  return (part) => !only.length || only.includes(part);
}

async function main() {
  const runs = selectedParts();
  const requests = positiveInt(process.env.BENCH_REQUESTS, 2000);
  const concurrency = positiveInt(process.env.BENCH_CONCURRENCY, 16);
  const lighthouseRoutes = (process.env.BENCH_LIGHTHOUSE_ROUTES ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const skipLighthouse = process.env.BENCH_SKIP_LIGHTHOUSE === '1';
  const givenSlowdown = Number(process.env.BENCH_LIGHTHOUSE_SLOWDOWN ?? '');
  if (process.env.BENCH_LIGHTHOUSE_SLOWDOWN && !(givenSlowdown >= 1))
    throw new Error(`BENCH_LIGHTHOUSE_SLOWDOWN: expected a number ≥ 1, got "${process.env.BENCH_LIGHTHOUSE_SLOWDOWN}"`);
  const usingPostgres = Boolean(process.env.DATABASE_URL);
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  onCleanup('the temporary DATA_DIR', async () => rmSync(dataDir, { recursive: true, force: true }));

  /** @type {import('./bench/report.mjs').Results} */
  const results = {
    date: new Date().toISOString(),
    runId,
    database: usingPostgres ? 'postgres (DATABASE_URL)' : `pglite (${dataDir})`,
    errors: [],
  };
  /** Records a measurement that could not be taken; the run goes on with the next one. */
  const fail = (/** @type {string} */ e) => {
    checkAborted();
    results.errors.push(e);
    console.error(`  ! ${e}`);
  };
  console.log(`Benchmark ${runId}: database ${results.database}; node ${process.version}; ${os.cpus().length} CPUs`);

  // 1. Cold start; the site it started serves every measurement up to the raw inserts.
  const { site, coldStart } = await measureColdStart(await siteEnv(dataDir));
  results.coldStart = coldStart;

  // 2. First-load JS.
  if (runs('first-load'))
    try {
      results.firstLoad = await measureFirstLoad(site.origin, KEY_ROUTES, fail);
      printFirstLoad(results.firstLoad);
    } catch (err) {
      fail(`first load: ${message(err)}`);
    }

  // 3. Lighthouse, at the CPU slowdown calibrated on this host (scripts/bench/lighthouse.mjs).
  if (skipLighthouse) console.log('\nLighthouse: skipped (BENCH_SKIP_LIGHTHOUSE=1)');
  else if (runs('lighthouse'))
    try {
      results.lighthouse = await measureLighthouse(
        site.origin,
        lighthouseRoutes.length ? lighthouseRoutes : DEFAULT_LIGHTHOUSE_ROUTES,
        fail,
        positiveInt(process.env.BENCH_LIGHTHOUSE_RUNS, 3),
        givenSlowdown
          ? { calibration: { source: 'given', benchmarkIndex: null, multiplier: givenSlowdown, calibrationRoute: null } }
          : { calibrate: process.env.BENCH_LIGHTHOUSE_CALIBRATE !== '0' },
      );
      printLighthouse(results.lighthouse);
    } catch (err) {
      fail(`lighthouse: ${message(err)}`);
    }

  // 3b. Rendered HTML next to a static file, from the same gateway.
  if (runs('html-rate'))
    try {
      results.htmlRate = await measureHtmlRate(site.origin, requests, concurrency, site.cpuSeconds);
      printHtmlRate(results.htmlRate);
    } catch (err) {
      fail(`rendered HTML rate: ${message(err)}`);
    }

  // 4. Newsletter: HTTP against the running site, then raw inserts with the site stopped (one PGlite process).
  /** @type {import('./bench/newsletter.mjs').Newsletter} */
  const newsletter = { database: usingPostgres ? 'postgres' : 'pglite', requests, concurrency };
  if (runs('newsletter')) results.newsletter = newsletter;
  const h = runs('newsletter') ? await newsletterHttpPhase(site.origin, requests, concurrency, runId, fail) : undefined;
  if (h) newsletter.http = h;
  // 4b. The public writes mixed, open loop at fixed offered rates (PostgreSQL only), on the same running site.
  if (runs('public-writes')) {
    const w = await publicWritesPhase(site.origin, runId, fail, site.cpuSeconds);
    if (w) results.publicWrites = w;
  }
  const serverLog = site.output();
  await site.stop();
  // The local run's own warning (npm start's LOCAL_RUN, shared/src/server/api-host.ts) is expected: not counted.
  results.serverWarnings = serverLog
    .split('\n')
    .filter((l) => /"level":(40|50|60)/.test(l) && !l.includes('"msg":"Ejecución local (LOCAL_RUN=1')).length;
  if (runs('newsletter')) {
    const r = await rawInsertPhase(dataDir, requests, concurrency, runId, fail);
    if (r) newsletter.raw = r;
    if (h && r && r.rowsPerSecond > 0) newsletter.ratio = h.requestsPerSecond / r.rowsPerSecond;
    printNewsletter(h ?? null, r ?? null, newsletter.database);
  }
  if (results.serverWarnings) console.log(`  note: the server logged ${results.serverWarnings} warning/error lines during the run`);

  // 5. The PQRSF staff inbox at 100,000 requests (PostgreSQL only; its own database and server).
  const pqrsfInbox = runs('pqrsf-inbox') ? await pqrsfInboxPhase(fail) : undefined;
  if (pqrsfInbox) results.pqrsfInbox = pqrsfInbox;

  // 6. The staff ledgers of enrolments and donations at 100,000 rows each (PostgreSQL only; its own database and server).
  const ledgers = runs('ledgers') ? await ledgersPhase(fail) : undefined;
  if (ledgers) results.ledgers = ledgers;

  // 7. Summary.
  report(results);
  return results.errors.length === 0;
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  if (isAborting()) console.error('bench: interrupted, nothing written');
  else console.error(`\nbench: could not measure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  await runCleanups();
}
process.exit(ok ? 0 : 1);
