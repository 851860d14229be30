// npm run bench: numbers, not a test. Starts the site on a free port with a fresh data directory and prints
// cold start time, first-load JS per key route (gzip), Lighthouse mobile scores, and the newsletter POST rate
// against a raw insert rate into the same table of the same database. Writes bench/results/latest.json.
// Env: BENCH_REQUESTS (2000), BENCH_CONCURRENCY (16), BENCH_SKIP_LIGHTHOUSE=1, BENCH_LIGHTHOUSE_ROUTES="/,/blog".
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const routes = [
  '/',
  '/desarrollo-software',
  '/desarrollo-software/registro',
  '/contribuciones',
  '/voluntarios',
  '/pqrsf',
  '/login',
  '/mis-cursos',
];
const budgetKb = (route) => (route === '/' ? 160 : 230);
const lighthouseRoutes = (process.env.BENCH_LIGHTHOUSE_ROUTES ?? '/,/desarrollo-software,/desarrollo-software/registro,/contribuciones')
  .split(',')
  .filter(Boolean);
const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function startSite(env) {
  const started = performance.now();
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El sitio terminó (código ${child.exitCode}):\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url, seconds: (performance.now() - started) / 1000, built: output.includes('Compilando') };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('El sitio no estuvo listo en 5 minutos');
}

const stopSite = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });

/** Size of a response body as sent with gzip (the raw bytes, not decompressed). */
const gzipBytes = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let n = 0;
        res.on('data', (c) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });

async function firstLoadJs(url) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const rows = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts = new Set();
      const styles = new Set();
      page.on('response', (r) => {
        const type = r.request().resourceType();
        if (type === 'script') scripts.add(r.url());
        if (type === 'stylesheet') styles.add(r.url());
      });
      await page.goto(url + route, { waitUntil: 'networkidle', timeout: 30_000 });
      await page.waitForTimeout(500);
      await context.close();
      let js = 0;
      for (const s of scripts) js += await gzipBytes(s);
      let css = 0;
      for (const s of styles) css += await gzipBytes(s);
      rows.push({ route, jsKb: js / 1024, jsRequests: scripts.size, cssKb: css / 1024, budgetKb: budgetKb(route) });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

function lighthouse(url) {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'lh-')), 'report.json');
  const res = spawnSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      `--chrome-flags=${chromiumFlags.join(' ')}`,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: 'utf8', timeout: 180_000 },
  );
  if (res.status !== 0) return { error: (res.stderr || res.stdout || 'lighthouse falló').slice(-300) };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const score = (k) => Math.round((report.categories[k]?.score ?? 0) * 100);
  const audit = (k) => report.audits[k]?.numericValue;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift')?.toFixed(3)),
  };
}

async function postRate(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const run = Date.now().toString(36);
  const latencies = [];
  let failures = 0;
  let next = 0;
  const post = (i) =>
    new Promise((resolve) => {
      const body = JSON.stringify({ email: `bench-${i}-${run}@example.com` });
      const t0 = performance.now();
      const req = http.request(
        `${url}/api/community/newsletter/subscribe`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            if (res.statusCode < 200 || res.statusCode >= 300) failures += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failures += 1;
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < requests; i = next++) await post(i);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return { requests, concurrency, seconds, perSecond: requests / seconds, p50Ms: pct(0.5), p95Ms: pct(0.95), failures };
}

const f1 = (n) => (typeof n === 'number' ? n.toFixed(1) : String(n));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
const port = await freePort();
const env = {
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_WRITES: '100000000',
  PAYMENT_SANDBOX_PORT: String(await freePort()),
};
const results = { date: new Date().toISOString(), database: process.env.DATABASE_URL ? 'postgres' : 'pglite' };
let site;
try {
  site = await startSite(env);
  results.coldStart = { seconds: site.seconds, built: site.built };
  console.log(
    `Arranque en frío hasta /healthz: ${f1(site.seconds)} s${site.built ? ' (incluye compilar)' : ' (compilaciones al día; datos nuevos)'}`,
  );

  results.firstLoad = await firstLoadJs(site.url);
  console.log('\nJS de primera carga (gzip), móvil 390 px:');
  console.log('  ruta                              JS KB   req   CSS KB   presupuesto');
  for (const r of results.firstLoad) {
    console.log(
      `  ${r.route.padEnd(32)} ${f1(r.jsKb).padStart(6)} ${String(r.jsRequests).padStart(5)} ${f1(r.cssKb).padStart(8)}   ${r.budgetKb} KB ${r.jsKb <= r.budgetKb ? 'sí' : 'NO'}`,
    );
  }

  if (process.env.BENCH_SKIP_LIGHTHOUSE !== '1') {
    results.lighthouse = {};
    console.log('\nLighthouse móvil (rendimiento / accesibilidad / buenas prácticas / SEO; LCP, FCP, TBT, CLS):');
    for (const route of lighthouseRoutes) {
      const lh = lighthouse(site.url + route);
      results.lighthouse[route] = lh;
      console.log(
        lh.error
          ? `  ${route}: error ${lh.error}`
          : `  ${route.padEnd(32)} ${lh.performance} / ${lh.accessibility} / ${lh.bestPractices} / ${lh.seo}   LCP ${lh.lcpMs} ms, FCP ${lh.fcpMs} ms, TBT ${lh.tbtMs} ms, CLS ${lh.cls}`,
      );
    }
  }

  results.http = await postRate(site.url);
  await stopSite(site.child);
  site = null;
  const raw = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/bench-raw-insert.ts'), dataDir, String(requests), String(concurrency)],
    { cwd: root, encoding: 'utf8', env: process.env },
  );
  if (raw.status !== 0) throw new Error(`Inserción directa falló: ${raw.stderr}`);
  results.raw = JSON.parse(raw.stdout.trim().split('\n').at(-1));
  console.log(`\nBoletín (${results.database}), ${requests} solicitudes, concurrencia ${concurrency}:`);
  console.log(
    `  POST /api/community/newsletter/subscribe: ${f1(results.http.perSecond)} req/s (p50 ${f1(results.http.p50Ms)} ms, p95 ${f1(results.http.p95Ms)} ms, fallidas ${results.http.failures})`,
  );
  console.log(`  INSERT directo en la misma tabla:         ${f1(results.raw.rowsPerSecond)} filas/s`);
  console.log(`  relación HTTP / directo:                  ${(results.http.perSecond / results.raw.rowsPerSecond).toFixed(2)}`);
} finally {
  if (site) await stopSite(site.child);
  rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nResultados en bench/results/latest.json');
