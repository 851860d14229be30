// What the PostgreSQL benches of the staff lists share (pqrsf-inbox.ts, ledgers.ts): a throwaway database beside the one
// DATABASE_URL names (never that one), the site's migrations of the APIs under test, the APIs served on a loopback port
// with a test identity and one team member, and timings of a POST over keep-alive HTTP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrateApis, mountApi } from '../../shared/src/server/api-mount';
import type { ApiModule } from '../../shared/src/server/api-module';
import type { SiteDb } from '../../shared/src/server/database';
import { openDatabase } from '../../shared/src/server/db';
import { createHttpServer } from '../../shared/src/server/http';
import { createTestIdentity } from '../../shared/src/server/identity-testing';
import { createMailer } from '../../shared/src/server/mailer';
import { createApiContext, readCommonConfig } from '../../shared/src/server/server-config';
import { createTestStaffDirectory, staffToken } from '../../shared/src/server/staff-testing';

export interface ListTiming {
  name: string;
  body: Record<string, unknown>;
  runs: number;
  rowsReturned: number;
  p50Ms: number;
  p95Ms: number;
  minMs: number;
}

export const log = (line: string) => process.stderr.write(`  ${line}\n`);

export function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** A served API under test: where it listens and the team member's token. */
export interface BenchServer {
  origin: string;
  token: string;
  agent: http.Agent;
  db: SiteDb;
}

/**
 * Sends `body` to `path` `runs` times after 3 warm-ups (GET when `body` is null); latencies of the whole HTTP
 * exchange, and the last answer's row count (`items`, or `months`) and cursor.
 */
export async function timeRequest(server: BenchServer, path: string, name: string, body: Record<string, unknown> | null, runs: number) {
  const payload = body === null ? '' : JSON.stringify(body);
  const once = () =>
    new Promise<{ ms: number; rows: number; cursor: string | null }>((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        `${server.origin}${path}`,
        {
          method: body === null ? 'GET' : 'POST',
          agent: server.agent,
          headers: {
            authorization: `Bearer ${server.token}`,
            ...(body === null ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            const ms = performance.now() - started;
            if (res.statusCode !== 200) return reject(new Error(`${name}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
            const json = JSON.parse(text) as { items?: unknown[]; months?: unknown[]; nextCursor?: string | null };
            resolve({ ms, rows: (json.items ?? json.months ?? []).length, cursor: json.nextCursor ?? null });
          });
        },
      );
      req.on('error', reject);
      req.end(payload || undefined);
    });
  for (let i = 0; i < 3; i++) await once();
  const latencies: number[] = [];
  let last = { ms: 0, rows: 0, cursor: null as string | null };
  for (let i = 0; i < runs; i++) {
    last = await once();
    latencies.push(last.ms);
  }
  latencies.sort((a, b) => a - b);
  const timing: ListTiming = {
    name,
    body: body ?? {},
    runs,
    rowsReturned: last.rows,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    minMs: latencies[0] ?? Number.NaN,
  };
  log(`${name}: p50 ${timing.p50Ms.toFixed(1)} ms, p95 ${timing.p95Ms.toFixed(1)} ms (${timing.rowsReturned} rows)`);
  return { timing, cursor: last.cursor };
}

/**
 * Drops the bench's database once its pool has let go (closing sockets lags the pool's end by a moment); forcing it
 * while a client is still open would kill that client's connection and crash the run with an unhandled pool error.
 */
async function dropDatabase(admin: pg.Client, name: string) {
  for (let attempt = 1; attempt <= 10; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (err) {
      if (attempt === 10) log(`could not drop ${name}: ${String(err)}`);
      else await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

/**
 * Creates `<prefix>_<id>` beside DATABASE_URL's database, migrates `apis` there, runs `seed`, serves the APIs and runs
 * `measure`; then closes everything and drops the database (unless `keep`, to EXPLAIN the queries by hand).
 */
export async function withBenchApis<T>(options: {
  databaseUrl: string;
  prefix: string;
  apis: readonly ApiModule[];
  keep: boolean;
  seed: (db: SiteDb) => Promise<void>;
  measure: (server: BenchServer, seedSeconds: number) => Promise<T>;
}): Promise<T> {
  const name = `${options.prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  const benchUrl = new URL(options.databaseUrl);
  benchUrl.pathname = `/${name}`;
  try {
    await admin.query(`create database ${name}`);
    log(`database ${name} created beside ${new URL(options.databaseUrl).pathname.slice(1) || '(default)'}`);
    const database = await openDatabase({ databaseUrl: benchUrl.toString(), dataDir: '', poolSize: 10 });
    const app = createHttpServer({ logLevel: 'silent' });
    const mailer = createMailer({ db: database.db });
    try {
      await migrateApis(database.db, options.apis);
      const started = performance.now();
      await options.seed(database.db);
      const seedSeconds = (performance.now() - started) / 1000;
      log(`seeded in ${seedSeconds.toFixed(1)} s`);
      const identity = createTestIdentity();
      const staff = createTestStaffDirectory();
      staff.seat({ username: 'bench@fundacion.org' });
      const ctx = createApiContext(readCommonConfig({}, 'http://127.0.0.1'), database.db, mailer, { identity: identity.verifier, staff });
      for (const api of options.apis) await mountApi(app, api, ctx);
      await app.listen({ host: '127.0.0.1', port: 0 });
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        return await options.measure(
          {
            origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
            token: staffToken(identity, { email: 'bench@fundacion.org' }),
            agent,
            db: database.db,
          },
          seedSeconds,
        );
      } finally {
        agent.destroy();
      }
    } catch (err) {
      log(`failed: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    } finally {
      await app.close();
      mailer.close();
      await database.close();
    }
  } finally {
    if (options.keep) log(`kept ${name}: drop it by hand`);
    else await dropDatabase(admin, name);
    await admin.end();
  }
}

/** Runs a bench module directly: DATABASE_URL required, the JSON result on stdout, progress on stderr. */
export async function runDirectly<T>(label: string, bench: (url: string) => Promise<T>): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write(`${label} bench: DATABASE_URL (PostgreSQL) is required\n`);
    process.exit(2);
  }
  const result = await bench(url);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
