// Measurement: how many pages a second the gateway serves rendered, next to a static file from the same server. A
// rendered page is kept per route and builds (the micro-cache); a URL with a query string is rendered every time.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { checkAborted, isAborting } from './cleanup.mjs';
import { TIMEOUTS, percentile, runConcurrently } from './common.mjs';

/**
 * `serverCpuMs`: the site's CPU time per request (user + system, all its processes), null where it cannot be read.
 * `acceptEncoding`: what the rows' requests asked for ('' = nothing: an uncompressed answer); `encoded` counts the
 * answers that came compressed.
 * @typedef {{ label: string, path: string, acceptEncoding: string, requestsPerSecond: number, p50Ms: number, p95Ms: number,
 *   non200: number, rendered: number, encoded: number, serverCpuMs: number | null }} HtmlRate
 */

/** What a browser sends (#33: browsers always accept brotli, so this is the number a visitor costs). */
export const BROWSER_ACCEPT_ENCODING = 'br, gzip';

/**
 * @param {string} origin @param {string} label @param {(i: number) => string} pathFor @param {number} n @param {number} concurrency
 * @param {() => number | null} cpuSeconds @param {string} [acceptEncoding] @returns {Promise<HtmlRate>}
 */
async function rate(origin, label, pathFor, n, concurrency, cpuSeconds, acceptEncoding = '') {
  checkAborted();
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  /** @type {number[]} */ const latencies = [];
  let non200 = 0;
  let rendered = 0;
  let encoded = 0;
  const get = (/** @type {number} */ i) =>
    new Promise((resolve) => {
      const started = performance.now();
      // Without Accept-Encoding the answer is uncompressed; a browser's rows ask for brotli and gzip, and the body is
      // decoded here (in the bench's process, not the site's) so it can be read.
      const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      const req = http.get(`${origin}${pathFor(i)}`, { agent, headers }, (res) => {
        if (res.statusCode !== 200) non200++;
        const coding = res.headers['content-encoding'];
        if (coding) encoded++;
        const body = coding === 'br' ? res.pipe(createBrotliDecompress()) : coding === 'gzip' ? res.pipe(createGunzip()) : res;
        // Whether the gateway rendered this answer (HTML with a server-rendered #root), counted to show the caps are off.
        let head = '';
        body.setEncoding('latin1');
        body.on('error', () => {
          non200++;
          resolve(undefined);
        });
        body.on('data', (chunk) => {
          if (head.length < 64_000) head += chunk;
        });
        body.on('end', () => {
          if (head.includes('<div id="root" data-ssr')) rendered++;
          latencies.push(performance.now() - started);
          resolve(undefined);
        });
      });
      req.setTimeout(TIMEOUTS.asset, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        non200++;
        resolve(undefined);
      });
    });
  let seconds;
  let cpuBefore;
  let cpuAfter;
  try {
    await get(0); // warm: the first render loads the builds and fills the cache
    latencies.length = 0;
    rendered = 0;
    encoded = 0;
    cpuBefore = cpuSeconds();
    seconds = await runConcurrently(n, concurrency, get, isAborting);
    cpuAfter = cpuSeconds();
  } finally {
    agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  return {
    label,
    path: pathFor(1),
    acceptEncoding,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    non200,
    rendered,
    encoded,
    serverCpuMs: cpuBefore === null || cpuAfter === null || !latencies.length ? null : ((cpuAfter - cpuBefore) * 1000) / latencies.length,
  };
}

/**
 * Rendered pages (kept and rendered each time) and a static file, one after another.
 * @param {string} origin @param {number} n @param {number} concurrency @param {() => number | null} [cpuSeconds] the site's CPU so far
 * @returns {Promise<HtmlRate[]>}
 */
export async function measureHtmlRate(origin, n, concurrency, cpuSeconds = () => null) {
  /** @type {HtmlRate[]} */
  const rows = [];
  // Each page uncompressed, then as a browser asks for it (BENCH_HTML_BROWSER=0 leaves the browser's rows out).
  const encodings = process.env.BENCH_HTML_BROWSER === '0' ? [''] : ['', BROWSER_ACCEPT_ENCODING];
  /** @type {[string, (i: number) => string][]} */
  const pages = [
    ['rendered, kept (micro-cache)', () => '/'],
    ['rendered, kept (micro-cache)', () => '/contribuciones'],
    ['rendered every time', (i) => `/?bench=${i}`],
    ['rendered every time', (i) => `/contribuciones?bench=${i}`],
  ];
  for (const [label, pathFor] of pages)
    for (const acceptEncoding of encodings) rows.push(await rate(origin, label, pathFor, n, concurrency, cpuSeconds, acceptEncoding));
  rows.push(await rate(origin, 'static file', () => '/boot.js', n, concurrency, cpuSeconds));
  return rows;
}

/** @param {HtmlRate[]} rows */
export function printHtmlRate(rows) {
  console.log(
    `\nHTML served by the gateway (keep-alive; "${BROWSER_ACCEPT_ENCODING}" rows ask as a browser does, "-" rows send no Accept-Encoding; "rendered" counts answers with server-rendered HTML, "encoded" compressed ones; server CPU is the site's own, so other work on the machine does not count):`,
  );
  for (const r of rows)
    console.log(
      `  ${r.label.padEnd(30)} ${r.path.padEnd(26)} ${(r.acceptEncoding || '-').padEnd(8)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50Ms.toFixed(1)} ms  p95 ${r.p95Ms.toFixed(1)} ms  server CPU ${r.serverCpuMs === null ? '-' : `${r.serverCpuMs.toFixed(2)} ms`}/request  rendered ${r.rendered}  encoded ${r.encoded}${r.non200 ? `  non-200: ${r.non200}` : ''}`,
    );
}
