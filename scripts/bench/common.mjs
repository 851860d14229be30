// What every measurement of the bench shares: where the repo is, the one host, the time limits, and small helpers for
// numbers, promises and raw HTTP (node:http only: no decompression, no proxies, no redirects).
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const HOST = '127.0.0.1';

/** @param {string | undefined} value @param {number} fallback */
export function positiveInt(value, fallback) {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export const TIMEOUTS = {
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

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rejects when `promise` has not settled within `ms`.
 * @template T @param {Promise<T>} promise @param {number} ms @param {string} what @returns {Promise<T>}
 */
export function withTimeout(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** @param {unknown} err */
export const message = (err) => (err instanceof Error ? err.message : String(err));

/** The last 30 lines of a process's output, for an error message. @param {string} text */
export const tail = (text) => text.split('\n').slice(-30).join('\n');

/** @param {number[]} sorted ascending @param {number} p */
export function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * `count` distinct TCP ports that were free on 127.0.0.1 a moment ago. All are held open until the last is found, so
 * the OS cannot hand out one port twice.
 * @param {number} count @returns {Promise<number[]>}
 */
export async function freePorts(count) {
  /** @type {net.Server[]} */
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      servers.push(server);
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, HOST, () => resolve(undefined));
      });
    }
    return servers.map((server) => {
      const address = server.address();
      return typeof address === 'object' && address ? address.port : 0;
    });
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))));
  }
}

/**
 * GETs a URL and counts the body bytes exactly as they came over the wire (still compressed).
 * @param {string} url @param {string} acceptEncoding
 * @returns {Promise<{ status: number, bytes: number, encoding: string, contentType: string }>}
 */
export function rawGet(url, acceptEncoding, timeoutMs = TIMEOUTS.asset) {
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

/**
 * Calls `send(i)` for i = 0 … n-1 with `concurrency` calls in flight (stops early when the bench is aborting), and
 * answers how many seconds it took.
 * @param {number} n @param {number} concurrency @param {(i: number) => Promise<unknown>} send @param {() => boolean} [stop]
 */
export async function runConcurrently(n, concurrency, send, stop = () => false) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      for (let i = next++; i < n && !stop(); i = next++) await send(i);
    }),
  );
  return (performance.now() - started) / 1000;
}
