// The staff ledgers of enrolments and donations (#14) at 100,000 rows each on PostgreSQL, for `npm run bench`
// (scripts/bench/ledgers.mjs runs it) or alone: DATABASE_URL=postgres://… node --import tsx scripts/bench/ledgers.ts [rows] [runs]
// A throwaway database beside DATABASE_URL's (db-bench.ts) gets the courses and giving migrations and the rows, seeded in
// one INSERT … SELECT generate_series each; the two APIs are served on a loopback port and every list shape the panel
// asks for is timed over keep-alive HTTP. LEDGERS_BENCH_KEEP=1 keeps the database to EXPLAIN the queries.
import { sql } from 'kysely';
import { coursesApi } from '../../remote-courses/server/index';
import { givingApi } from '../../remote-giving/server/index';
import type { SiteDb } from '../../shared/src/server/database';
import { positiveInt, runDirectly, timeRequest, withBenchApis, type ListTiming } from './db-bench';

export interface LedgersBench {
  rows: number;
  seedSeconds: number;
  trigramIndex: boolean;
  targetMs: number;
  timings: ListTiming[];
  withinTarget: boolean;
}

const TARGET_MS = 100;

const firstNames = `array['Luisa','Óscar','María José','Andrés','Camila','Sebastián','Valentina','Julián','Sofía','Mateo',
  'Daniela','Santiago','Isabella','Nicolás','Mariana','Tomás','Gabriela','Felipe','Lucía','Martín']`;
const lastNames = `array['Martínez','Peña','Rodríguez','Gómez','López','Hernández','García','Díaz','Pérez','Sánchez','Ramírez',
  'Torres','Rojas','Vargas','Moreno','Jiménez','Muñoz','Castro','Ortiz','Suárez','Quintero','Ríos','Gutiérrez','Mejía','Ávila']`;

/**
 * `rows` enrolments over ~400 days across the three courses and their modules (60 % paid, 30 % unpaid, some completed and
 * withdrawn) with 12 cohorts, and `rows` donations (70 % approved) with their approval instants.
 */
async function seed(db: SiteDb, rows: number): Promise<void> {
  await sql`
    insert into courses.cohorts (course_name, start_date, schedule, capacity, status)
    select (array['desarrollo-software','ofimatica-basica','marketing-digital'])[1 + g % 3],
      (now()::date - 360 + g * 30), 'Lunes y miércoles', 100000, 'open'
    from generate_series(0, 11) as g`.execute(db);
  await sql
    .raw(
      `insert into courses.enrolments
      (reference, course_name, module_name, course_title, price, student_name, student_lastname, full_name, id_type, id_number,
       phone_number, email, profession, education, has_terms, enrollment_status, payment_status, payment_id, date_approved,
       cohort_id, cohort_start_date, created_at)
    select
      'CUR-bench' || g,
      (array['desarrollo-software','ofimatica-basica','marketing-digital'])[1 + g % 3],
      (array['Módulo 1','Módulo 2','Módulo 3','Curso completo (3 módulos)'])[1 + (g / 3) % 4],
      (array['Desarrollo de Software','Ofimática Básica - Excel','Marketing Digital'])[1 + g % 3],
      119900,
      (${firstNames})[1 + g % 20],
      (${lastNames})[1 + (g / 20) % 25],
      (${firstNames})[1 + g % 20] || ' ' || (${lastNames})[1 + (g / 20) % 25],
      'Cédula de ciudadanía',
      (10000000 + (g::bigint * 48271) % 89999999)::text,
      '3001234567',
      'estudiante' || g || '@example.com',
      'Estudiante', 'Secundaria', true,
      case when g % 10 < 6 then 'ENROLLED' when g % 10 < 9 then 'PENDING' when g % 20 = 9 then 'COMPLETED' else 'WITHDRAWN' end,
      case when g % 10 < 6 then 'approved' when g % 10 < 8 then 'processing...' when g % 10 = 8 then 'rejected'
           when g % 20 = 9 then 'approved' else 'refunded' end,
      case when g % 10 <> 7 then (900000 + g)::text end,
      case when g % 10 < 6 then now() - (g % 400) * interval '1 day' end,
      1 + g % 12, null,
      now() - (g % 400) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(1, ${rows}) as g`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into giving.contributions
      (reference, contributor_name, contributor_lastname, id_type, id_number, email, phone_number, donation_amount,
       payment_status, payment_id, date_approved, created_at)
    select
      'DON-bench' || g,
      (${firstNames})[1 + g % 20],
      (${lastNames})[1 + (g / 20) % 25],
      'Cédula de ciudadanía',
      (10000000 + (g::bigint * 69621) % 89999999)::text,
      'donante' || g || '@example.com',
      '3105550000',
      (array[20000, 50000, 100000, 35000, 250000])[1 + g % 5],
      case when g % 10 < 7 then 'approved' when g % 10 < 9 then 'rejected' else 'processing...' end,
      (800000 + g)::text,
      case when g % 10 < 7 then now() - (g % 700) * interval '1 day' end,
      now() - (g % 700) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(1, ${rows}) as g`,
    )
    .execute(db);
  await sql`vacuum analyze courses.enrolments`.execute(db);
  await sql`vacuum analyze giving.contributions`.execute(db);
}

export async function benchLedgers(databaseUrl: string, rows: number, runs: number): Promise<LedgersBench> {
  return withBenchApis({
    databaseUrl,
    prefix: 'ledgers_bench',
    apis: [coursesApi, givingApi],
    keep: process.env.LEDGERS_BENCH_KEEP === '1',
    seed: (db) => seed(db, rows),
    async measure(server, seedSeconds) {
      const trigram = await sql<{ n: number }>`
        select count(*)::int as n from pg_indexes where indexname in ('enrolments_ledger_search', 'contributions_ledger_search')`.execute(
        server.db,
      );
      const enrolments = (name: string, body: Record<string, unknown>) =>
        timeRequest(server, '/api/courses/staff/enrolments/lista', `enrolments, ${name}`, body, runs);
      const donations = (name: string, body: Record<string, unknown>) =>
        timeRequest(server, '/api/giving/staff/donations/lista', `donations, ${name}`, body, runs);
      const timings: ListTiming[] = [];
      const first = await enrolments('first page with counts per status', {});
      timings.push(first.timing);
      if (first.cursor) timings.push((await enrolments('next page (keyset cursor)', { cursor: first.cursor })).timing);
      timings.push((await enrolments('one course and module', { curso: 'marketing-digital', modulo: 'Módulo 2' })).timing);
      timings.push((await enrolments('one cohort', { cohorte: '5' })).timing);
      timings.push((await enrolments('status Completado', { estado: 'COMPLETED' })).timing);
      timings.push((await enrolments('search: a name without accents', { q: 'oscar avila' })).timing);
      timings.push((await enrolments('search: a document', { q: '10048271' })).timing);
      const firstDonations = await donations('first page with total', {});
      timings.push(firstDonations.timing);
      if (firstDonations.cursor) timings.push((await donations('next page (keyset cursor)', { cursor: firstDonations.cursor })).timing);
      timings.push((await donations('approved in one month', { pago: 'approved', desde: '2026-01-01', hasta: '2026-01-31' })).timing);
      timings.push((await donations('search: a name without accents', { q: 'lucia gutierrez' })).timing);
      timings.push(
        (await timeRequest(server, '/api/giving/staff/donations/totales', 'donations, totals per month and year', null, runs)).timing,
      );
      return {
        rows,
        seedSeconds,
        trigramIndex: (trigram.rows[0]?.n ?? 0) === 2,
        targetMs: TARGET_MS,
        timings,
        withinTarget: timings.every((t) => t.p50Ms < TARGET_MS),
      };
    },
  });
}

// Run directly: the JSON result on stdout.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href)
  await runDirectly('ledgers', (url) => benchLedgers(url, positiveInt(process.argv[2], 100_000), positiveInt(process.argv[3], 30)));
