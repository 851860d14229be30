// Measurement 2, first-load JS per key route: what a fresh mobile browser downloads to show the route, counted as
// gzip bytes on the wire, against a budget per route. BENCH_FIRST_LOAD_FILES=1 also prints each file a route loads.
import { launchBrowser, MOBILE_VIEWPORT } from './browser.mjs';
import { checkAborted } from './cleanup.mjs';
import { TIMEOUTS, message, rawGet } from './common.mjs';

export const KEY_ROUTES = [
  '/',
  '/desarrollo-software',
  '/desarrollo-software/registro',
  '/contribuciones',
  '/voluntarios',
  '/pqrsf',
  '/login',
  '/mis-cursos',
];

/**
 * @typedef {{ route: string, status: number, jsBytesGz: number, jsRequests: number, cssBytesGz: number, cssRequests: number,
 *   budgetKb: number, withinBudget: boolean, notGzipped: string[], pageErrors: string[], outsideRequests: string[] }} RouteLoad
 */

/** @param {string} route */
const budgetKb = (route) => (route === '/' ? 160 : 230);

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
      if (process.env.BENCH_FIRST_LOAD_FILES) console.log(`  file ${route}: ${res.bytes} B gz ${new URL(url).pathname}`);
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

/**
 * One browser for every route; a route that cannot be measured is reported through `fail` and the others go on.
 * @param {string} origin @param {string[]} routes @param {(err: string) => void} fail @returns {Promise<RouteLoad[]>}
 */
export async function measureFirstLoad(origin, routes, fail) {
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
export function printFirstLoad(rows) {
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
