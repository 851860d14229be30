// The PQRSF staff inbox at 100,000 requests on PostgreSQL, for `npm run bench` (scripts/bench/pqrsf-inbox.mjs runs it)
// or alone: DATABASE_URL=postgres://… node --import tsx scripts/bench/pqrsf-inbox.ts [rows] [runs]
// It never touches the database DATABASE_URL names: it creates a throwaway database beside it (pqrsf_bench_<id>), runs the
// site's migrations there, seeds the rows in one INSERT … SELECT generate_series, serves the community API on a
// loopback port with a test identity and team, times POST /api/community/staff/pqrsf/bandeja over HTTP (keep-alive) for
// each query shape, and drops the database (PQRSF_BENCH_KEEP=1 keeps it, to EXPLAIN the queries). Prints progress on stderr and one JSON object on stdout.
import { sql } from 'kysely';
import { communityApi } from '../../remote-community/server/index';
import type { SiteDb } from '../../shared/src/server/database';
import { positiveInt, runDirectly, timeRequest, withBenchApis, type BenchServer, type ListTiming } from './db-bench';

export interface PqrsfInboxBench {
  rows: number;
  seedSeconds: number;
  trigramIndex: boolean;
  targetMs: number;
  timings: ListTiming[];
  withinTarget: boolean;
}

const TARGET_MS = 100;

/** 100,000 requests over the last ~400 days, in the proportions of a working inbox (a third still open). */
async function seed(db: SiteDb, rows: number): Promise<void> {
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

const time = (server: BenchServer, name: string, body: Record<string, unknown>, runs: number) =>
  timeRequest(server, '/api/community/staff/pqrsf/bandeja', name, body, runs);

export async function benchPqrsfInbox(databaseUrl: string, rows: number, runs: number): Promise<PqrsfInboxBench> {
  return withBenchApis({
    databaseUrl,
    prefix: 'pqrsf_bench',
    apis: [communityApi],
    keep: process.env.PQRSF_BENCH_KEEP === '1',
    seed: (db) => seed(db, rows),
    async measure(server, seedSeconds) {
      const trigram = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_indexes where indexname = 'pqrsf_requests_search_name'`.execute(server.db);
      const timings: ListTiming[] = [];
      const first = await time(server, 'first page (open cases by due date, with counts)', {}, runs);
      timings.push(first.timing);
      if (first.cursor) timings.push((await time(server, 'next page (keyset cursor)', { after: first.cursor }, runs)).timing);
      timings.push((await time(server, 'filtered: Queja, due within 3 business days', { type: 'Queja', due: 'pronto' }, runs)).timing);
      timings.push((await time(server, 'filtered: overdue', { due: 'vencidas' }, runs)).timing);
      timings.push((await time(server, 'filtered: every status, Felicitación', { status: 'todas', type: 'Felicitación' }, runs)).timing);
      timings.push((await time(server, 'search: a name without accents', { status: 'todas', q: 'oscar avila' }, runs)).timing);
      timings.push((await time(server, 'search: document prefix', { status: 'todas', q: '1234' }, runs)).timing);
      return {
        rows,
        seedSeconds,
        trigramIndex: (trigram.rows[0]?.n ?? 0) > 0,
        targetMs: TARGET_MS,
        timings,
        withinTarget: timings.every((t) => t.p50Ms < TARGET_MS),
      };
    },
  });
}

// Run directly: the JSON result on stdout.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href)
  await runDirectly('pqrsf-inbox', (url) => benchPqrsfInbox(url, positiveInt(process.argv[2], 100_000), positiveInt(process.argv[3], 30)));
