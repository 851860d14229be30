import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { StaffRole } from 'shared/staff-roles';
import { todayDomains } from '../../../site/staff-routes';
import { staffTestGateway, type StaffRouteInfo, type StaffTestGateway } from './staff-routes-testing';

// Issue #26, row 6: a staff read of personal data left no trace. Marking a route as such a read (`staffRead`) is
// opt-in, so every staff read of the composed gateway is walked: each is marked, audits itself (the CSV exports), or
// is listed below as answering no personal data. Then one read per domain is performed and its audit row looked for.

const key = (r: Pick<StaffRouteInfo, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** Staff reads whose answers hold no visitor's personal data, so they leave no audit row. Keep each with its reason. */
const noPersonalData = new Set([
  // The signed-in member's own address, name and roles.
  'GET /api/account/staff/me',
  // The signed-in member's own choice of e-mails on new cases (#28): one yes or no.
  'GET /api/account/staff/yo/avisos',
  // Courses, modules and cohorts to filter the enrolments by.
  'GET /api/courses/staff/enrolments/opciones',
  // Cohorts' dates, schedules and seat counts.
  'GET /api/courses/staff/cohorts',
  // A manual enrolment's choices (#31): courses, modules and open cohorts with their seats left.
  'GET /api/courses/staff/enrolments/manual/opciones',
  // The cohorts an enrolment may move to (#31): dates, schedules and seats left, nothing of the student.
  'GET /api/courses/staff/enrolments/:reference/grupos',
  // Course revenue per month (#31): counts and sums per course, on screen and as CSV.
  'GET /api/courses/staff/enrolments/ingresos',
  'GET /api/courses/staff/enrolments/ingresos/exportar',
  // The modules' materials (#31): titles, files' names and links the team attached, nothing of a student.
  'GET /api/courses/staff/modulos/materiales',
  // The campaigns' texts and goals.
  'GET /api/giving/staff/campaigns',
  // Sums of approved donations per month and year.
  'GET /api/giving/staff/donations/totales',
  // Monthly gifts' recurring revenue and counts per month (#29).
  'GET /api/giving/staff/monthly/metricas',
  // Subscribers counted per status, and the latest sends (subject, counts).
  'GET /api/community/staff/newsletter',
  // Records counted per kind, and how many are not contacted yet.
  'GET /api/community/staff/inbox',
  // The PQRSF report (#32): requests counted per type, channel, month and outcome; its downloads audit themselves.
  'GET /api/community/staff/pqrsf/informe',
  // "Hoy" (#28): each domain's counts of what waits, by the member's roles.
  ...todayDomains.map(({ domain }) => `GET /api/${domain}/staff/hoy`),
]);

/** Reads that write their own audit row (a CSV streamed out: its kind, filter names and row count). */
/**
 * What the staff publish (#28: the foundation's data, the catalogue, the amounts, posts and page texts), in every
 * domain's publishing kit routes: content meant for the public, and which member saved each version.
 */
const publishedContent = /^\/api\/[a-z]+\/staff\/publicacion\//;

const auditedByHandler = new Set([
  'GET /api/giving/staff/donations/exportar',
  // The monthly gifts' CSV (#29): sendLedgerExport writes 'giving.monthly.export'.
  'GET /api/giving/staff/monthly/exportar',
  'GET /api/courses/staff/enrolments/exportar',
  // The accountant's month of electronic invoices (#30): sendLedgerExport writes 'courses.invoice.export'.
  'GET /api/courses/staff/facturas/exportar',
  // The community inbox's CSV (#32): a POST, so the list's search goes in the body, never in a URL.
  'POST /api/community/staff/inbox/:kind/exportar',
  // The PQRSF inbox's CSV (#32), following the inbox's search in its body: 'community.export' with kind 'pqrsf'.
  'POST /api/community/staff/pqrsf/exportar',
  // The PQRSF report's CSV and PDF (#32): counts only, still recorded as 'community.pqrsf.report.export'.
  'GET /api/community/staff/pqrsf/informe/csv',
  'GET /api/community/staff/pqrsf/informe/pdf',
]);

/** A read: every GET, and the searches (and a searched export) sent by POST so that a name or a document never goes in a URL. */
const isRead = (r: StaffRouteInfo) => r.method === 'GET' || (r.method === 'POST' && /\/(lista|bandeja|exportar)$/.test(r.url));

interface AuditRow {
  action: string;
  actor_email: string;
  actor_roles: string | null;
  entity_id: string | null;
  detail: Record<string, unknown>;
}

describe('audited staff reads of personal data (issue #26, row 6)', () => {
  let t: StaffTestGateway;
  beforeAll(async () => {
    t = await staffTestGateway();
  });
  afterAll(async () => t.gw.app.close());

  const auditOf = async (email: string) =>
    (
      await sql<AuditRow>`select action, actor_email, actor_roles, entity_id, detail from staff.audit_log
        where actor_email = ${email} order by id`.execute(t.gw.database.db)
    ).rows;

  it('marks every staff read as an audited read, unless it audits itself or is listed as holding no personal data', () => {
    const reads = t.routes.filter(isRead);
    expect(reads.length).toBeGreaterThan(20);
    const unaccounted = reads
      .filter((r) => !r.read && !noPersonalData.has(key(r)) && !auditedByHandler.has(key(r)) && !publishedContent.test(r.url))
      .map(key);
    expect(unaccounted).toEqual([]);
    // The lists name real, unmarked reads: an entry left behind after a route moved or got marked is an error.
    const unmarked = new Set(reads.filter((r) => !r.read).map(key));
    expect([...noPersonalData, ...auditedByHandler].filter((k) => !unmarked.has(k))).toEqual([]);
  });

  const performed: Array<[string, StaffRole, 'GET' | 'POST', string, object | null, string]> = [
    ['the donations list', 'finanzas', 'POST', '/api/giving/staff/donations/lista', {}, 'giving.donation.read'],
    ['the donations CSV', 'finanzas', 'GET', '/api/giving/staff/donations/exportar', null, 'giving.export'],
    ['the monthly gifts list', 'finanzas', 'POST', '/api/giving/staff/monthly/lista', {}, 'giving.monthly.read'],
    ['the monthly gifts CSV', 'finanzas', 'GET', '/api/giving/staff/monthly/exportar', null, 'giving.monthly.export'],
    ['the enrolments list', 'cursos', 'POST', '/api/courses/staff/enrolments/lista', {}, 'courses.enrolment.read'],
    ['the enrolments CSV', 'finanzas', 'GET', '/api/courses/staff/enrolments/exportar', null, 'courses.export'],
    ["the community inbox's volunteers", 'comunidad', 'POST', '/api/community/staff/inbox/voluntarios/lista', {}, 'community.inbox.read'],
    ["the community inbox's CSV", 'comunidad', 'POST', '/api/community/staff/inbox/voluntarios/exportar', {}, 'community.export'],
    ['a data request', 'datos', 'GET', '/api/account/staff/data-requests/{radicado}', null, 'account.data.read'],
    ["a year's certificates", 'finanzas', 'GET', '/api/giving/staff/certificates?anio=2025', null, 'giving.certificate.read'],
  ];

  it.each(performed)(
    'leaves an audit row for %s (as «%s»): the member, their roles, and how many rows',
    async (_what, role, method, path, body, action) => {
      let url = path;
      if (path.includes('{radicado}')) {
        // A filed request, as the visitor's form leaves it (the filing itself is the account domain's tests' business).
        const radicado = `DP-2026-${String(Date.now() % 1_000_000).padStart(6, '0')}`;
        await sql`insert into account.data_requests (radicado, kind, name, email, details, term_days, due_date)
        values (${radicado}, 'acceso', 'Ana Pérez', 'ana@example.com', 'Quiero saber qué datos tienen.', 10, '2026-12-31')`.execute(
          t.gw.database.db,
        );
        url = path.replace('{radicado}', radicado);
      }
      const member = await t.memberWith([role], 'lectora');
      const res = await t.gw.app.inject({ method, url, headers: member.headers, ...(body ? { payload: body } : {}) });
      expect([url, res.statusCode]).toEqual([url, 200]);
      const rows = await auditOf(member.email);
      expect(rows).toEqual([
        expect.objectContaining({
          action,
          actor_email: member.email,
        }),
      ]);
      expect(rows[0]!.actor_roles?.split(',')).toEqual([role]);
      // A count of what was shown (rows of a list, lines of a CSV; a single record counts 1).
      const count = rows[0]!.detail.rows ?? rows[0]!.detail.filas;
      expect(typeof count).toBe('number');
      if (path.includes('{radicado}')) expect([rows[0]!.entity_id, count]).toEqual([url.split('/').at(-1), 1]);
    },
  );
});
