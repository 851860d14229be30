// Raw insert rate into community.newsletter_subscriptions, for `npm run bench` (scripts/bench.mjs).
// Usage: node --import tsx scripts/bench-raw-insert.ts <dataDir> <n> <concurrency> [runId]
// Uses DATABASE_URL when set (PostgreSQL), else the PGlite data directory, through the project's own openDatabase.
// Must run while no other process has the PGlite directory open. Prints one JSON object on stdout.
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from 'shared/server/db';

interface RawInsertResult {
  database: 'pglite' | 'postgres';
  rows: number;
  inserted: number;
  failed: number;
  concurrency: number;
  seconds: number;
  rowsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  /** Rows of this run deleted afterwards (PostgreSQL only: a temporary PGlite directory is removed by the caller). */
  cleanedUp: number;
  /** Rows the HTTP phase of the same run left in the table (`bench-<i>-<runId>@…`): proof both phases used one database. */
  httpPhaseRowsFound: number;
  firstError?: string;
}

function positiveInt(value: string | undefined, name: string): number {
  const n = Number.parseInt(value ?? '', 10);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} debe ser un entero positivo (recibido: ${String(value)})`);
  return n;
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** The same statement the newsletter endpoint runs (remote-community/src/newsletter/server/newsletter.ts). */
async function insertOne(database: Database, email: string): Promise<boolean> {
  const row: unknown = await database.db
    .insertInto('community.newsletter_subscriptions')
    .values({ email })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

async function countHttpPhaseRows(database: Database, runId: string): Promise<number> {
  const row: { count: number | string | bigint } | undefined = await database.db
    .selectFrom('community.newsletter_subscriptions')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('email', 'like', `bench-%-${runId}@example.com`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

async function measure(database: Database, n: number, concurrency: number, runId: string): Promise<RawInsertResult> {
  const latencies: number[] = [];
  let next = 0;
  let inserted = 0;
  let failed = 0;
  let firstError: string | undefined;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) {
      const started = performance.now();
      try {
        if (await insertOne(database, `raw-${i}-${runId}@example.com`)) inserted++;
      } catch (err) {
        failed++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const result: RawInsertResult = {
    database: database.kind,
    rows: n,
    inserted,
    failed,
    concurrency,
    seconds,
    rowsPerSecond: inserted / seconds,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    cleanedUp: 0,
    httpPhaseRowsFound: 0,
  };
  if (firstError !== undefined) result.firstError = firstError;
  return result;
}

/** On a shared PostgreSQL, removes what this run wrote (both the HTTP and the raw phase, and their queued mails). */
async function cleanUp(database: Database, runId: string): Promise<number> {
  const pattern = `%-${runId}@example.com`;
  const mails = await database.db.deleteFrom('mail.outbox').where('to_address', 'like', pattern).executeTakeFirst();
  const subs = await database.db.deleteFrom('community.newsletter_subscriptions').where('email', 'like', pattern).executeTakeFirst();
  return Number(subs.numDeletedRows) + Number(mails.numDeletedRows);
}

async function main(): Promise<void> {
  const [dataDir, nArg, concurrencyArg, runIdArg] = process.argv.slice(2);
  if (!dataDir) throw new Error('Uso: bench-raw-insert.ts <dataDir> <n> <concurrency> [runId]');
  const n = positiveInt(nArg, 'n');
  const concurrency = positiveInt(concurrencyArg, 'concurrency');
  const runId = runIdArg ?? Date.now().toString(36);
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
  try {
    const httpPhaseRowsFound = await countHttpPhaseRows(database, runId);
    const result = await measure(database, n, concurrency, runId);
    result.httpPhaseRowsFound = httpPhaseRowsFound;
    if (database.kind === 'postgres') result.cleanedUp = await cleanUp(database, runId);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
