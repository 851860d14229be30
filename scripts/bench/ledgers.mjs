// Measurement 6, the staff ledgers of enrolments and donations at 100,000 rows each (#14): scripts/bench/ledgers.ts seeds
// them in a throwaway database beside DATABASE_URL's, serves the courses and giving APIs on a loopback port and times
// every list shape the panel asks for over HTTP (median of BENCH_LEDGERS_RUNS, 30 by default). PostgreSQL only.
//
// Env: BENCH_LEDGERS_ROWS (100000), BENCH_LEDGERS_RUNS (30), LEDGERS_BENCH_KEEP=1 (keep the database to EXPLAIN).
import { message, positiveInt } from './common.mjs';
import { printListBench, runTsBench } from './ts-bench.mjs';

/** @param {Parameters<typeof printListBench>[1] & { rows: number }} r */
export const printLedgers = (r) => printListBench(`Staff ledgers at ${r.rows} enrolments and ${r.rows} donations`, r);

/** @param {(err: string) => void} fail */
export async function ledgersPhase(fail) {
  if (!process.env.DATABASE_URL) {
    console.log('\nStaff ledgers: skipped (needs DATABASE_URL: the 100,000-row bench runs on PostgreSQL only)');
    return undefined;
  }
  console.log('\nStaff ledgers: seeding and timing…');
  try {
    const rows = String(positiveInt(process.env.BENCH_LEDGERS_ROWS, 100_000));
    const r = await runTsBench('ledgers', 'scripts/bench/ledgers.ts', [rows, String(positiveInt(process.env.BENCH_LEDGERS_RUNS, 30))]);
    printLedgers(r);
    return r;
  } catch (err) {
    fail(message(err));
    return undefined;
  }
}
