// Measurement 5, the PQRSF staff inbox at 100,000 requests: scripts/bench/pqrsf-inbox.ts seeds them in a throwaway
// database beside DATABASE_URL's (never in it), serves the community API on a loopback port and times the inbox's first
// page and its filtered and searched pages over HTTP (median of BENCH_PQRSF_RUNS, 30 by default). PostgreSQL only: the
// question is how the indexes hold at that size on the production engine, so without DATABASE_URL it is skipped.
//
// Env: BENCH_PQRSF_ROWS (100000), BENCH_PQRSF_RUNS (30), PQRSF_BENCH_KEEP=1 (keep the database to EXPLAIN the queries).
import { message, positiveInt } from './common.mjs';
import { printListBench, runTsBench } from './ts-bench.mjs';

/** @param {Parameters<typeof printListBench>[1] & { rows: number }} r */
export const printPqrsfInbox = (r) => printListBench(`PQRSF staff inbox at ${r.rows} requests`, r);

/**
 * The phase; skipped (with a line saying so) without DATABASE_URL, `fail` records why it could not be measured.
 * @param {(err: string) => void} fail
 */
export async function pqrsfInboxPhase(fail) {
  if (!process.env.DATABASE_URL) {
    console.log('\nPQRSF staff inbox: skipped (needs DATABASE_URL: the 100,000-request bench runs on PostgreSQL only)');
    return undefined;
  }
  console.log('\nPQRSF staff inbox: seeding and timing…');
  try {
    const rows = String(positiveInt(process.env.BENCH_PQRSF_ROWS, 100_000));
    const r = await runTsBench('pqrsf inbox', 'scripts/bench/pqrsf-inbox.ts', [
      rows,
      String(positiveInt(process.env.BENCH_PQRSF_RUNS, 30)),
    ]);
    printPqrsfInbox(r);
    return r;
  } catch (err) {
    fail(message(err));
    return undefined;
  }
}
