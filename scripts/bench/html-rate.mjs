// Measurement: how many pages a second the gateway serves rendered, next to a static file from the same server. A
// rendered page is kept per route and builds (the micro-cache); a URL with a query string is rendered every time.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { checkAborted, isAborting } from './cleanup.mjs';
import { TIMEOUTS, percentile, runConcurrently } from './common.mjs';

/**
 * `serverCpuMs`: the site's CPU time per request (user + system, all its processes), null where it cannot be read.
 * @typedef {{ label: string, path: string, requestsPerSecond: number, p50Ms: number, p95Ms: number, non200: number, rendered: number,
 *   serverCpuMs: number | null }} HtmlRate
 */

/**
 * @param {string} origin @param {string} label @param {(i: number) => string} pathFor @param {number} n @param {number} concurrency
 * @param {() => number | null} cpuSeconds @returns {Promise<HtmlRate>}
 */
async function rate(origin, label, pathFor, n, concurrency, cpuSeconds) {
  checkAborted();
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  /** @type {number[]} */ const latencies = [];
  let non200 = 0;
  let rendered = 0;
  const get = (/** @type {number} */ i) =>
    new Promise((resolve) => {
      const started = performance.now();
      // A phone's request: brotli accepted, as the site answers browsers.
      // Uncompressed, so the body can be read; the gateway's compression cost is the same for every row.
      const req = http.get(`${origin}${pathFor(i)}`, { agent }, (res) => {
        if (res.statusCode !== 200) non200++;
        // Whether the gateway rendered this answer (HTML with a server-rendered #root), counted to show the caps are off.
        let head = '';
        res.setEncoding('latin1');
        res.on('data', (chunk) => {
          if (head.length < 64_000) head += chunk;
        });
        res.on('end', () => {
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
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    non200,
    rendered,
    serverCpuMs: cpuBefore === null || cpuAfter === null || !latencies.length ? null : ((cpuAfter - cpuBefore) * 1000) / latencies.length,
  };
}

/**
 * Rendered pages (kept and rendered each time) and a static file, one after another.
 * @param {string} origin @param {number} n @param {number} concurrency @param {() => number | null} [cpuSeconds] the site's CPU so far
 * @returns {Promise<HtmlRate[]>}
 */
export async function measureHtmlRate(origin, n, concurrency, cpuSeconds = () => null) {
  return [
    await rate(origin, 'rendered, kept (micro-cache)', () => '/', n, concurrency, cpuSeconds),
    await rate(origin, 'rendered, kept (micro-cache)', () => '/contribuciones', n, concurrency, cpuSeconds),
    await rate(origin, 'rendered every time', (i) => `/?bench=${i}`, n, concurrency, cpuSeconds),
    await rate(origin, 'rendered every time', (i) => `/contribuciones?bench=${i}`, n, concurrency, cpuSeconds),
    await rate(origin, 'static file', () => '/boot.js', n, concurrency, cpuSeconds),
  ];
}

/** @param {HtmlRate[]} rows */
export function printHtmlRate(rows) {
  console.log(
    '\nHTML served by the gateway (keep-alive, uncompressed; "rendered" counts answers with server-rendered HTML; server CPU is the site\'s own, so other work on the machine does not count):',
  );
  for (const r of rows)
    console.log(
      `  ${r.label.padEnd(30)} ${r.path.padEnd(26)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50Ms.toFixed(1)} ms  p95 ${r.p95Ms.toFixed(1)} ms  server CPU ${r.serverCpuMs === null ? '-' : `${r.serverCpuMs.toFixed(2)} ms`}/request  rendered ${r.rendered}${r.non200 ? `  non-200: ${r.non200}` : ''}`,
    );
}
