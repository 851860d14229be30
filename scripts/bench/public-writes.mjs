// Measurement 4b, the site's public writes under an open-loop load (#33): the newsletter subscribe, the four community
// forms (volunteer, ally, the two workshop inquiries, custom software) and the PQRSF filing, mixed, sent at fixed offered
// rates whatever the answers (a request's latency counts from when it was due, so a saturated site cannot slow the load
// down and hide its own queue). Per rate: the achieved rate, p50/p95/p99, statuses, and "nothing lost": the rows the
// run's requests left in the database, counted per form by the run's own addresses, against the 2xx answers. Then the
// saturation rate (the highest offered rate achieved at ≥ 95 % with p99 ≤ 100 ms) and the p99 at a reference rate.
//
// Every body is valid, with the consent fields its form requires, and every request has its own address and its own
// client: the bench stands where a proxy would (the site trusts one hop, TRUST_PROXY=1, set in site.mjs) and names a
// distinct client in X-Forwarded-For, so the newsletter's per-client confirmation cap never skips the mail path a real
// crowd takes. The site's general write limit is the bench's RATE_LIMIT_WRITES (site.mjs), as for every other part.
// PostgreSQL only (the count reads the database while the site runs; PGlite admits one process).
//
// Env: BENCH_WRITES_RATES ("100,200,300,400,600" req/s), BENCH_WRITES_SECONDS (5 per rate), BENCH_WRITES_REFERENCE (200:
//      the issue's saturation rate, where p99 must stay ≤ 100 ms), BENCH_WRITES_MIX ("newsletter:3,volunteer:1,ally:1,
//      arte:1,valeser:1,software:1,pqrsf:2", weights), BENCH_WRITES_SOCKETS (512 keep-alive sockets at most),
//      BENCH_WRITES_WARMUP ("50x2": req/s × seconds before the first rate, not counted).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { checkAborted, isAborting } from './cleanup.mjs';
import { message, percentile, positiveInt, sleep } from './common.mjs';

/** A p99 above this at an offered rate means that rate is past saturation (#33). */
export const P99_TARGET_MS = 100;
/** An offered rate counts as sustained when at least this share of it was answered 2xx in time. */
const ACHIEVED_SHARE = 0.95;

/**
 * The public writes: path, a valid body for the n-th request (its own address), and where its record lands (the
 * table and the column its address is stored in, as typed or lower-cased).
 * @typedef {{ path: string, body: (email: string, n: number) => Record<string, unknown>, table: string }} WriteKind
 */

/** @type {Record<string, WriteKind>} */
export const KINDS = {
  newsletter: {
    path: '/api/community/newsletter/subscribe',
    body: (email) => ({ email, data_authorization: true }),
    table: 'community.newsletter_subscriptions',
  },
  volunteer: {
    path: '/api/community/volunteers',
    body: (email, n) => ({
      data_authorization: true,
      volunteer_name: 'Ana',
      volunteer_lastname: 'Pérez',
      id_type: 'Cédula de ciudadanía',
      id_number: String(1_000_000_000 + n),
      age: '27',
      address: 'Calle 10 # 5-20, Bogotá',
      phone_number: '3001234567',
      email,
      institution: 'Universidad Nacional',
      purposes: 'Quiero compartir lo que sé de programación.',
      activities: 'Tutorías de JavaScript los sábados.',
    }),
    table: 'community.volunteers',
  },
  ally: {
    path: '/api/community/allies',
    body: (email, n) => ({
      data_authorization: true,
      corporation_name: 'Tejidos Andinos S.A.S.',
      corp_phone_number: '6015551234',
      representative_name: 'Carlos',
      representative_lastname: 'Gómez',
      id_type: 'Cédula de ciudadanía',
      id_number: String(1_000_000_000 + n),
      email,
      rep_phone_number: '3109876543',
      reviews: '',
    }),
    table: 'community.allies',
  },
  arte: {
    path: '/api/community/arte-de-amarte/consulta',
    body: (email) => ({
      data_authorization: true,
      full_name: 'Marta Ruiz',
      phone_number: '3201234567',
      email,
      guest_type: 'Soy docente y me interesa el taller para mis estudiantes',
      comments_query: '¿Pueden venir al colegio?',
    }),
    table: 'community.workshop_inquiries',
  },
  valeser: {
    path: '/api/community/vale-ser/consulta',
    body: (email) => ({
      data_authorization: true,
      first_name: 'Sofía',
      last_name: 'Díaz',
      phone_number: '3011234567',
      occupation: 'Emprendedor',
      email,
      empowerment_course: 'No',
      referral_source: 'Instagram',
      comments_query: '¿Cuánto cuesta la inscripción?',
    }),
    table: 'community.workshop_inquiries',
  },
  software: {
    path: '/api/community/custom-software',
    body: (email) => ({ data_authorization: true, email, phone_number: '+57 300 123 4567', full_name: 'Pedro Ortiz' }),
    table: 'community.software_requests',
  },
  pqrsf: {
    path: '/api/community/pqrsf',
    // A petition needs no authorization (a notice): the form sends the policy version it showed, optional.
    body: (email, n) => ({
      rol_type: 'Estudiante',
      name: 'Luisa',
      lastname: 'Martínez',
      id_type: 'Cédula de ciudadanía',
      id_number: String(1_000_000_000 + n),
      phone_number: '3151112233',
      email,
      request_type: 'Queja',
      reviews: 'La clase del martes no tuvo grabación.',
    }),
    table: 'community.pqrsf_requests',
  },
};

const DEFAULT_MIX = 'newsletter:3,volunteer:1,ally:1,arte:1,valeser:1,software:1,pqrsf:2';

/** @param {string} text @returns {string[]} one kind name per unit of weight, in a fixed interleaved order */
export function parseMix(text) {
  /** @type {Array<[string, number]>} */
  const weights = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [name = '', w = '1'] = p.split(':');
      if (!KINDS[name]) throw new Error(`BENCH_WRITES_MIX: unknown form "${name}" (forms: ${Object.keys(KINDS).join(', ')})`);
      const weight = Number.parseInt(w, 10);
      if (!(weight >= 0)) throw new Error(`BENCH_WRITES_MIX: weight of ${name} must be a whole number`);
      return [name, weight];
    });
  // Round-robin over the kinds, so each second of load carries the same mix.
  /** @type {string[]} */ const order = [];
  const left = new Map(weights);
  while ([...left.values()].some((w) => w > 0))
    for (const [name, w] of left)
      if (w > 0) {
        order.push(name);
        left.set(name, w - 1);
      }
  if (!order.length) throw new Error('BENCH_WRITES_MIX: no form with a weight above 0');
  return order;
}

/**
 * @typedef {{ offered: number, seconds: number, sent: number, ok: number, achieved: number, p50Ms: number, p95Ms: number,
 *   p99Ms: number, maxMs: number, statuses: Record<string, number>, errors: number, firstError?: string,
 *   okByKind: Record<string, number>, rowsByKind: Record<string, number> | null, lost: number | null,
 *   proofs: number | null, sustained: boolean, load: string, drainSeconds: number, siteCpuMs: number | null,
 *   dbCpuMs: number | null }} RateResult
 * @typedef {{ runId: string, mix: string, rates: RateResult[], saturation: number | null, referenceRate: number,
 *   referenceP99Ms: number | null, answeredInFull: number | null, lost: number | null, barMet: boolean }} PublicWrites
 */

/** The warm-up before the first rate, `<rate>x<seconds>` (BENCH_WRITES_WARMUP), not counted. */
const DEFAULT_WARMUP = '50x2';

/** @param {string} spec @returns {{ rate: number, seconds: number }} */
function parseWarmup(spec) {
  const m = /^\s*(\d+)\s*x\s*(\d+)\s*$/.exec(spec);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`BENCH_WRITES_WARMUP: "<rate>x<seconds>", e.g. 50x2; got "${spec}"`);
  return { rate: Number(m[1]), seconds: Number(m[2]) };
}

/** The run's addresses at one rate: `w-<run>-<rate>-<n>@bench.example.com`, so the count finds exactly them. */
const emailOf = (/** @type {string} */ prefix, /** @type {number} */ n) => `${prefix}-${n}@bench.example.com`;

/** A distinct client address per request (10.0.0.0/8, then wraps): the newsletter's per-client cap keys on it. */
const clientOf = (/** @type {number} */ n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * Offers `rate` requests per second for `seconds`, open loop: request i is due at i/rate s, sent then whatever came
 * back before; its latency counts from that due time.
 * @param {string} origin @param {number} rate @param {number} seconds @param {string[]} order @param {string} prefix
 * @param {number} firstN @param {http.Agent} agent
 */
async function offer(origin, rate, seconds, order, prefix, firstN, agent) {
  const total = Math.round(rate * seconds);
  /** @type {number[]} */ const latencies = [];
  /** @type {Record<string, number>} */ const statuses = {};
  /** @type {Record<string, number>} */ const okByKind = {};
  let errors = 0;
  /** @type {string | undefined} */ let firstError;
  /** @type {Promise<void>[]} */ const inFlight = [];
  const start = performance.now();
  let lastAnswer = start;
  const send = (/** @type {number} */ i) => {
    const kindName = order[i % order.length] ?? 'newsletter';
    const kind = /** @type {WriteKind} */ (KINDS[kindName]);
    const n = firstN + i;
    const body = JSON.stringify(kind.body(emailOf(prefix, i), n));
    const due = start + (i * 1000) / rate;
    return new Promise((resolve) => {
      const req = http.request(
        `${origin}${kind.path}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-forwarded-for': clientOf(n),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const now = performance.now();
            lastAnswer = Math.max(lastAnswer, now);
            latencies.push(now - due);
            const code = String(res.statusCode);
            statuses[code] = (statuses[code] ?? 0) + 1;
            if (code.startsWith('2')) okByKind[kindName] = (okByKind[kindName] ?? 0) + 1;
            resolve(undefined);
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
      req.on('error', (err) => {
        errors++;
        firstError ??= err.message;
        resolve(undefined);
      });
      req.end(body);
    });
  };
  for (let i = 0; i < total && !isAborting(); i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    // Timers are coarse: sleep only when the next request is at least 2 ms away, else send the ones due now.
    if (wait >= 2) await sleep(wait);
    inFlight.push(send(i));
  }
  await Promise.all(inFlight);
  const elapsed = Math.max(seconds, (lastAnswer - start) / 1000);
  latencies.sort((a, b) => a - b);
  const ok = Object.values(okByKind).reduce((s, v) => s + v, 0);
  return {
    sent: total,
    ok,
    elapsed,
    latencies,
    statuses,
    okByKind,
    errors,
    ...(firstError ? { firstError } : {}),
  };
}

/**
 * The rows the run's requests at one rate left, per form (workshop inquiries split by workshop), and their consent
 * proofs (every stored form carries one: the newsletter's new addresses, each community form, each PQRSF).
 * @param {pg.Client} db @param {string} prefix
 */
async function countRows(db, prefix) {
  const like = `${prefix}-%@bench.example.com`;
  /** @type {Record<string, number>} */ const rows = {};
  const one = async (/** @type {string} */ text) => Number((await db.query(text, [like])).rows[0]?.n ?? 0);
  rows.newsletter = await one('select count(*)::int as n from community.newsletter_subscriptions where email like $1');
  rows.volunteer = await one('select count(*)::int as n from community.volunteers where email like $1');
  rows.ally = await one('select count(*)::int as n from community.allies where email like $1');
  rows.arte = await one(`select count(*)::int as n from community.workshop_inquiries where workshop = 'arte-de-amarte' and email like $1`);
  rows.valeser = await one(`select count(*)::int as n from community.workshop_inquiries where workshop = 'vale-ser' and email like $1`);
  rows.software = await one('select count(*)::int as n from community.software_requests where email like $1');
  rows.pqrsf = await one('select count(*)::int as n from community.pqrsf_requests where lower(email) like $1');
  const proofs = await one('select count(*)::int as n from privacy.consents where subject_email like $1');
  return { rows, proofs };
}

/** Waits until the mail outbox has nothing due (the previous rate's acknowledgements delivered), at most 30 s. */
async function drainOutbox(/** @type {pg.Client} */ db) {
  const started = performance.now();
  while (performance.now() - started < 30_000) {
    const { rows } = await db.query(`select count(*)::int as n from mail.outbox where status in ('pending', 'sending')`);
    if (Number(rows[0]?.n ?? 0) === 0) break;
    await sleep(250);
  }
  return (performance.now() - started) / 1000;
}

/**
 * CPU seconds (user + system) used so far by the database's backends serving this database, from /proc (PostgreSQL on
 * this machine only; null elsewhere). Backends that exit in between are lost, so it is read around each rate, while
 * the pool's connections are busy.
 * @param {pg.Client} db @returns {Promise<Map<number, number> | null>}
 */
async function backendCpu(db) {
  const { readFile } = await import('node:fs/promises');
  const { rows } = await db.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  /** @type {Map<number, number>} */ const cpu = new Map();
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat === null) return null;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    cpu.set(Number(pid), (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return cpu;
}

/** The CPU seconds the backends spent between two readings (a backend new since the first counts from zero). */
const backendDelta = (/** @type {Map<number, number> | null} */ a, /** @type {Map<number, number> | null} */ b) =>
  a && b ? [...b].reduce((sum, [pid, v]) => sum + v - (a.get(pid) ?? 0), 0) : null;

const loadAverage = async () => {
  const { readFile } = await import('node:fs/promises');
  return (await readFile('/proc/loadavg', 'utf8').catch(() => '- - -')).split(' ').slice(0, 3).join(' ');
};

/**
 * @param {string} origin @param {string} runId @param {(err: string) => void} fail
 * @param {() => number | null} [siteCpuSeconds] the site's own CPU seconds so far (site.mjs), for its CPU per request
 * @returns {Promise<PublicWrites | undefined>}
 */
export async function publicWritesPhase(origin, runId, fail, siteCpuSeconds = () => null) {
  if (!process.env.DATABASE_URL) {
    console.log('\nPublic writes: skipped (needs DATABASE_URL: "nothing lost" is counted in the database while the site runs)');
    return undefined;
  }
  const rates = (process.env.BENCH_WRITES_RATES ?? '100,200,300,400,600')
    .split(',')
    .map((r) => Number(r.trim()))
    .filter((r) => r > 0);
  const seconds = positiveInt(process.env.BENCH_WRITES_SECONDS, 5);
  const referenceRate = positiveInt(process.env.BENCH_WRITES_REFERENCE, 200);
  const mix = process.env.BENCH_WRITES_MIX ?? DEFAULT_MIX;
  const order = parseMix(mix);
  const sockets = positiveInt(process.env.BENCH_WRITES_SOCKETS, 512);
  const warmup = parseWarmup(process.env.BENCH_WRITES_WARMUP ?? DEFAULT_WARMUP);
  console.log(`\nPublic writes, open loop (${seconds} s per rate; mix ${mix}; offered ${rates.join(', ')} req/s):`);
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  /** @type {RateResult[]} */ const results = [];
  const f = (/** @type {number} */ v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '-');
  try {
    // Warm-up, not counted: the connections, the JIT and the pools; its e-mails are delivered before the first rate.
    await offer(origin, warmup.rate, warmup.seconds, order, `w-${runId}-warm`, 0, agent);
    let n = 1_000;
    for (const rate of rates) {
      checkAborted();
      const drainSeconds = await drainOutbox(db);
      const load = await loadAverage();
      const prefix = `w-${runId}-${rate}`;
      const cpu0 = siteCpuSeconds();
      const db0 = await backendCpu(db);
      const r = await offer(origin, rate, seconds, order, prefix, n, agent);
      // The database's backends are read at once (the pool closes idle connections, and their CPU would be lost); the
      // site's CPU once the outbox has drained, so it includes delivering this rate's e-mails.
      const dbCpu = backendDelta(db0, await backendCpu(db));
      await drainOutbox(db);
      const cpu1 = siteCpuSeconds();
      n += r.sent;
      const siteCpuMs = cpu0 !== null && cpu1 !== null ? ((cpu1 - cpu0) * 1000) / r.sent : null;
      const dbCpuMs = dbCpu !== null ? (dbCpu * 1000) / r.sent : null;
      const counted = await countRows(db, prefix);
      const lost = Object.keys(KINDS).reduce((sum, k) => sum + Math.abs((r.okByKind[k] ?? 0) - (counted.rows[k] ?? 0)), 0);
      const p99 = percentile(r.latencies, 99);
      const achieved = r.ok / r.elapsed;
      /** @type {RateResult} */
      const result = {
        offered: rate,
        seconds: r.elapsed,
        sent: r.sent,
        ok: r.ok,
        achieved,
        p50Ms: percentile(r.latencies, 50),
        p95Ms: percentile(r.latencies, 95),
        p99Ms: p99,
        maxMs: r.latencies.at(-1) ?? Number.NaN,
        statuses: r.statuses,
        errors: r.errors,
        okByKind: r.okByKind,
        rowsByKind: counted.rows,
        lost,
        proofs: counted.proofs,
        sustained: achieved >= ACHIEVED_SHARE * rate && p99 <= P99_TARGET_MS && r.ok === r.sent,
        load,
        drainSeconds,
        siteCpuMs,
        dbCpuMs,
        ...(r.firstError ? { firstError: r.firstError } : {}),
      };
      results.push(result);
      const statuses = Object.entries(r.statuses)
        .map(([c, k]) => `${c}×${k}`)
        .join(' ');
      console.log(
        `  ${String(rate).padStart(4)} offered: ${f(achieved).padStart(6)} achieved, p50 ${f(result.p50Ms)} ms, p95 ${f(result.p95Ms)} ms, p99 ${f(p99)} ms, max ${f(result.maxMs, 0)} ms; ${statuses}${r.errors ? `, ${r.errors} connection errors (${r.firstError})` : ''}; rows ${Object.values(counted.rows).reduce((s, v) => s + v, 0)} = 2xx ${r.ok}: ${lost === 0 ? 'nothing lost' : `${lost} DIFFER`}; proofs ${counted.proofs}; CPU per request: site ${siteCpuMs === null ? '-' : f(siteCpuMs, 2)} ms, database ${dbCpuMs === null ? '-' : f(dbCpuMs, 2)} ms; load ${load}; ${result.sustained ? 'sustained' : 'not sustained'}`,
      );
    }
  } catch (err) {
    fail(`public writes: ${message(err)}`);
  } finally {
    agent.destroy();
    await db.end().catch(() => undefined);
  }
  if (!results.length) return undefined;
  // The saturation rate: the highest offered rate sustained, every lower one sustained too.
  const ascending = [...results].sort((a, b) => a.offered - b.offered);
  let saturation = null;
  for (const r of ascending) {
    if (!r.sustained) break;
    saturation = r.offered;
  }
  // #33's bar has two numbers from one run: twice the reference rate answered in full (achieved ≥ 95 %, every answer
  // 2xx, every row stored; its p99 is not part of it) and p99 ≤ 100 ms at the reference rate; nothing lost throughout.
  let answeredInFull = null;
  for (const r of ascending) {
    if (!(r.achieved >= ACHIEVED_SHARE * r.offered && r.ok === r.sent && r.lost === 0)) break;
    answeredInFull = r.offered;
  }
  const lost = results.every((r) => r.lost !== null) ? results.reduce((s, r) => s + (r.lost ?? 0), 0) : null;
  const reference = results.find((r) => r.offered === referenceRate);
  const twice = 2 * referenceRate;
  const twiceMet = answeredInFull !== null && answeredInFull >= twice;
  const referenceMet = reference !== undefined && reference.p99Ms <= P99_TARGET_MS;
  const barMet = twiceMet && referenceMet && lost === 0;
  const yes = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT met');
  console.log(
    `  saturation (achieved ≥ ${ACHIEVED_SHARE * 100} % of offered, p99 ≤ ${P99_TARGET_MS} ms, every answer 2xx): ${saturation ?? `below ${results[0]?.offered}`} req/s; p99 at ${referenceRate} req/s: ${reference ? `${f(reference.p99Ms)} ms` : 'not offered'}; lost: ${lost ?? 'not counted'}`,
  );
  console.log(
    `  #33's bar, this run: answered in full (achieved ≥ ${ACHIEVED_SHARE * 100} %, every answer 2xx, rows = 2xx) up to ${answeredInFull ?? `below ${ascending[0]?.offered}`} req/s (≥ 2 × ${referenceRate} = ${twice}: ${yes(twiceMet)}); p99 at ${referenceRate} req/s ${reference ? `${f(reference.p99Ms)} ms` : 'not offered'} (≤ ${P99_TARGET_MS} ms: ${yes(referenceMet)}); lost ${lost ?? 'not counted'} → ${barMet ? 'MET' : 'not met'}`,
  );
  return {
    runId,
    mix,
    rates: results,
    saturation,
    referenceRate,
    referenceP99Ms: reference ? reference.p99Ms : null,
    answeredInFull,
    lost,
    barMet,
  };
}
