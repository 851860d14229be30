// The end of a run: a summary of every measurement, printed and written with all the numbers to
// bench/results/latest.json (ignored by git; copy it elsewhere to compare runs).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './common.mjs';
import { describeCalibration, verdict } from './lighthouse.mjs';

/**
 * Everything a run measured, as written to latest.json. A measurement that could not be taken is absent and named
 * in `errors`.
 * @typedef {{ date: string, runId: string, database: string, errors: string[],
 *   coldStart?: import('./cold-start.mjs').ColdStart, firstLoad?: import('./first-load.mjs').RouteLoad[],
 *   lighthouse?: { calibration: import('./lighthouse.mjs').Calibration, rows: import('./lighthouse.mjs').LighthouseRow[] }, htmlRate?: import('./html-rate.mjs').HtmlRate[], newsletter?: import('./newsletter.mjs').Newsletter,
 *   publicWrites?: import('./public-writes.mjs').PublicWrites, pqrsfInbox?: ListBench, ledgers?: ListBench, serverWarnings?: number, summary?: string[] }} Results
 * @typedef {{ rows: number, targetMs: number, withinTarget: boolean, timings: { name: string, p50Ms: number }[] }} ListBench
 */

/** One line per number worth reading first. @param {Results} results @returns {string[]} */
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
  if (results.lighthouse) lines.push(`lighthouse: ${describeCalibration(results.lighthouse.calibration)}`);
  for (const r of results.lighthouse?.rows ?? []) {
    lines.push(
      `lighthouse ${r.route} at ×${r.multiplier} (median of ${r.runs.length}: ${r.runs.join(', ')}): perf ${r.performance ?? '-'} a11y ${r.accessibility ?? '-'} bp ${r.bestPractices ?? '-'} seo ${r.seo ?? '-'}; LCP ${f(r.lcpMs, 0)} ms TBT ${f(r.tbtMs, 0)} ms CLS ${f(r.cls, 3)} FCP ${f(r.fcpMs, 0)} ms; ${verdict(r)}`,
    );
  }
  for (const r of results.htmlRate ?? [])
    lines.push(
      `HTML ${r.label} ${r.path}: ${f(r.requestsPerSecond, 0)} req/s, p50 ${f(r.p50Ms)} ms, server CPU ${f(r.serverCpuMs, 2)} ms/request`,
    );
  const n = results.newsletter;
  if (n?.http)
    lines.push(
      `newsletter HTTP (${n.database}): ${f(n.http.requestsPerSecond)} req/s, p50 ${f(n.http.p50Ms)} ms, p95 ${f(n.http.p95Ms)} ms, non-2xx ${n.http.non2xx}`,
    );
  if (n?.raw) lines.push(`newsletter raw insert (${n.raw.database}): ${f(n.raw.rowsPerSecond)} rows/s`);
  if (n?.ratio !== undefined) lines.push(`ratio HTTP / raw: ${f(n.ratio, 3)}`);
  const w = results.publicWrites;
  for (const r of w?.rates ?? [])
    lines.push(
      `public writes ${r.offered} req/s offered: ${f(r.achieved)} achieved, p50 ${f(r.p50Ms)} ms, p95 ${f(r.p95Ms)} ms, p99 ${f(r.p99Ms)} ms, non-2xx ${r.sent - r.ok}, lost ${r.lost ?? '-'}, CPU/request site ${f(r.siteCpuMs, 2)} ms + database ${f(r.dbCpuMs, 2)} ms (load ${r.load})`,
    );
  if (w)
    lines.push(
      `public writes saturation: ${w.saturation ?? '-'} req/s; answered in full up to ${w.answeredInFull ?? '-'} req/s; p99 at ${w.referenceRate} req/s: ${f(w.referenceP99Ms)} ms; lost ${w.lost ?? '-'}; #33's bar (≥ ${2 * w.referenceRate} req/s in full, p99 ≤ 100 ms at ${w.referenceRate}, nothing lost): ${w.barMet ? 'met' : 'not met'}`,
    );
  for (const [label, b] of /** @type {const} */ ([
    ['PQRSF inbox', results.pqrsfInbox],
    ['staff ledgers', results.ledgers],
  ])) {
    if (!b) continue;
    const slowest = b.timings.reduce((max, t) => (t.p50Ms > max.p50Ms ? t : max), b.timings[0] ?? { name: '-', p50Ms: NaN });
    lines.push(
      `${label} at ${b.rows} rows: slowest median ${f(slowest.p50Ms)} ms (${slowest.name}); target < ${b.targetMs} ms ${b.withinTarget ? 'met' : 'NOT met'}`,
    );
  }
  for (const e of results.errors ?? []) lines.push(`COULD NOT MEASURE: ${e}`);
  return lines;
}

/** Prints the summary and writes it, with every number, to bench/results/latest.json. @param {Results} results */
export function report(results) {
  const lines = summaryLines(results);
  console.log(`\n===== summary (${results.date}) =====`);
  for (const line of lines) console.log(`  ${line}`);
  results.summary = lines;
  const out = path.join(root, 'bench/results/latest.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(root, out)}`);
}
