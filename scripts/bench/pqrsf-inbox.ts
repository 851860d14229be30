// The PQRSF staff inbox at 100,000 requests on PostgreSQL, for `npm run bench` (scripts/bench/pqrsf-inbox.mjs runs it)
// or alone: DATABASE_URL=postgres://… node --import tsx scripts/bench/pqrsf-inbox.ts [rows] [runs]
// It never touches the database DATABASE_URL names: it creates a throwaway database beside it (pqrsf_bench_<id>), runs the
// site's migrations there, seeds the rows in one INSERT … SELECT generate_series, serves the community API on a
// loopback port with a test identity and team, times POST /api/community/staff/pqrsf/bandeja over HTTP (keep-alive) for
// each query shape, and drops the database (PQRSF_BENCH_KEEP=1 keeps it, to EXPLAIN the queries). Prints progress on stderr and one JSON object on stdout.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { communityApi } from '../../remote-community/api/index';
import { migrateApis, mountApi } from '../../shared/src/server/api-mount';
import { openDatabase } from '../../shared/src/server/db';
import { createHttpServer } from '../../shared/src/server/http';
import { createTestIdentity } from '../../shared/src/server/identity-testing';
import { createMailer } from '../../shared/src/server/mailer';
import { createApiContext, readCommonConfig } from '../../shared/src/server/server-config';
import { createTestStaffDirectory, staffToken } from '../../shared/src/server/staff-testing';

export interface InboxTiming {
  name: string;
  body: Record<string, unknown>;
  runs: number;
  rowsReturned: number;
  p50Ms: number;
  p95Ms: number;
  minMs: number;
}

export interface PqrsfInboxBench {
  rows: number;
  seedSeconds: number;
  trigramIndex: boolean;
  targetMs: number;
  timings: InboxTiming[];
  withinTarget: boolean;
}

const TARGET_MS = 100;

const log = (line: string) => process.stderr.write(`  ${line}\n`);

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** 100,000 requests over the last ~400 days, in the proportions of a working inbox (a third still open). */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db'], rows: number): Promise<void> {
  await sql`
    insert into community.pqrsf_requests
      (radicado, status, rol_type, name, lastname, id_type, id_number, id_number_key, phone_number, email,
       request_type, reviews, response, responded_at, term_days, due_date, created_at)
    select
      (1000000000000000 + g::bigint * 1000 + (g * 7919) % 1000)::text,
      case when g % 20 < 5 then 'En proceso' when g % 20 < 7 then 'En trámite' when g % 20 < 17 then 'Respondida'
           when g % 20 < 18 then 'Trasladada' else 'Cerrada' end,
      (array['Usuario','Estudiante','Voluntario','Aliados','Otro'])[1 + g % 5],
      (array['Luisa','Óscar','María José','Andrés','Camila','Sebastián','Valentina','Julián','Sofía','Mateo',
             'Daniela','Santiago','Isabella','Nicolás','Mariana','Tomás','Gabriela','Felipe','Lucía','Martín'])[1 + g % 20],
      (array['Martínez','Peña','Rodríguez','Gómez','López','Hernández','García','Díaz','Pérez','Sánchez','Ramírez',
             'Torres','Rojas','Vargas','Moreno','Jiménez','Muñoz','Castro','Ortiz','Suárez','Quintero','Ríos',
             'Gutiérrez','Mejía','Ávila'])[1 + (g / 20) % 25] || ' ' || (array['Ruiz','Cárdenas','Londoño','Salazar'])[1 + g % 4],
      'Cédula de ciudadanía',
      (10000000 + (g::bigint * 48271) % 89999999)::text,
      (10000000 + (g::bigint * 48271) % 89999999)::text,
      '3001234567',
      'persona' || g || '@example.com',
      (array['Petición','Queja','Reclamo','Solicitud','Felicitación'])[1 + (g / 3) % 5],
      'Texto de la solicitud número ' || g,
      case when g % 20 between 7 and 16 then 'Respuesta de la fundación' end,
      case when g % 20 between 7 and 16 then now() - (g % 400) * interval '1 day' + interval '10 days' end,
      15,
      -- Roughly 15 business days after the filing (the bench needs a realistic spread, not the holiday calendar).
      to_char((now() - (g % 400) * interval '1 day')::date + 21, 'YYYY-MM-DD'),
      now() - (g % 400) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(1, ${rows}) as g`.execute(db);
  await sql`vacuum analyze community.pqrsf_requests`.execute(db);
}

/** POSTs `body` to the inbox `runs` times after 3 warm-ups; latencies of the whole HTTP exchange. */
async function time(origin: string, token: string, agent: http.Agent, name: string, body: Record<string, unknown>, runs: number) {
  const payload = JSON.stringify(body);
  const once = () =>
    new Promise<{ ms: number; rows: number; cursor: string | null }>((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        `${origin}/api/community/staff/pqrsf/bandeja`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}` },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            const ms = performance.now() - started;
            if (res.statusCode !== 200) return reject(new Error(`${name}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
            const json = JSON.parse(text) as { items: unknown[]; nextCursor: string | null };
            resolve({ ms, rows: json.items.length, cursor: json.nextCursor });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  for (let i = 0; i < 3; i++) await once();
  const latencies: number[] = [];
  let last = { ms: 0, rows: 0, cursor: null as string | null };
  for (let i = 0; i < runs; i++) {
    last = await once();
    latencies.push(last.ms);
  }
  latencies.sort((a, b) => a - b);
  const timing: InboxTiming = {
    name,
    body,
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

export async function benchPqrsfInbox(databaseUrl: string, rows: number, runs: number): Promise<PqrsfInboxBench> {
  const name = `pqrsf_bench_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const benchUrl = new URL(databaseUrl);
  benchUrl.pathname = `/${name}`;
  try {
    await admin.query(`create database ${name}`);
    log(`database ${name} created beside ${new URL(databaseUrl).pathname.slice(1) || '(default)'}`);
    const database = await openDatabase({ databaseUrl: benchUrl.toString(), dataDir: '', poolSize: 10 });
    const app = createHttpServer({ logLevel: 'silent' });
    const mailer = createMailer({ db: database.db });
    try {
      await migrateApis(database.db, [communityApi]);
      const started = performance.now();
      await seed(database.db, rows);
      const seedSeconds = (performance.now() - started) / 1000;
      log(`${rows} requests seeded in ${seedSeconds.toFixed(1)} s`);
      const trigram = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_indexes where indexname = 'pqrsf_requests_search_name'`.execute(database.db);

      const identity = createTestIdentity();
      const staff = createTestStaffDirectory();
      staff.seat({ username: 'bench@fundacion.org' });
      const ctx = createApiContext(readCommonConfig({}, 'http://127.0.0.1'), database.db, mailer, { identity: identity.verifier, staff });
      await mountApi(app, communityApi, ctx);
      await app.listen({ host: '127.0.0.1', port: 0 });
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const token = staffToken(identity, { email: 'bench@fundacion.org' });
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const timings: InboxTiming[] = [];
        const first = await time(origin, token, agent, 'first page (open cases by due date, with counts)', {}, runs);
        timings.push(first.timing);
        if (first.cursor)
          timings.push((await time(origin, token, agent, 'next page (keyset cursor)', { after: first.cursor }, runs)).timing);
        timings.push(
          (await time(origin, token, agent, 'filtered: Queja, due within 3 business days', { type: 'Queja', due: 'pronto' }, runs)).timing,
        );
        timings.push((await time(origin, token, agent, 'filtered: overdue', { due: 'vencidas' }, runs)).timing);
        timings.push(
          (await time(origin, token, agent, 'filtered: every status, Felicitación', { status: 'todas', type: 'Felicitación' }, runs))
            .timing,
        );
        timings.push(
          (await time(origin, token, agent, 'search: a name without accents', { status: 'todas', q: 'oscar avila' }, runs)).timing,
        );
        timings.push((await time(origin, token, agent, 'search: document prefix', { status: 'todas', q: '1234' }, runs)).timing);
        return {
          rows,
          seedSeconds,
          trigramIndex: (trigram.rows[0]?.n ?? 0) > 0,
          targetMs: TARGET_MS,
          timings,
          withinTarget: timings.every((t) => t.p50Ms < TARGET_MS),
        };
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
    if (process.env.PQRSF_BENCH_KEEP === '1') log(`kept ${name} (PQRSF_BENCH_KEEP=1): drop it by hand`);
    else await dropDatabase(admin, name);
    await admin.end();
  }
}

// Run directly: the JSON result on stdout.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('pqrsf-inbox bench: DATABASE_URL (PostgreSQL) is required\n');
    process.exit(2);
  }
  const result = await benchPqrsfInbox(url, positiveInt(process.argv[2], 100_000), positiveInt(process.argv[3], 30));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
