import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { allStaffRoles, type StaffRole } from 'shared/staff-roles';
import { staffTestGateway, staffUrl, type StaffRouteInfo, type StaffTestGateway } from './staff-routes-testing';

// Issue #26, row 9 (least privilege): any member of the team used to be able to do anything in /equipo. Every staff
// route of the composed gateway is called by a member who holds every role but the ones it declares: each refuses
// with 403 `role_required` before writing anything. The row's own examples are then named one by one.

/** The routes any member reaches, also before setting up the second factor: the panel's "who am I" only. */
const anyMember = new Set(['GET /api/account/staff/me']);

const key = (r: Pick<StaffRouteInfo, 'method' | 'url'>) => `${r.method} ${r.url}`;
const without = (roles: readonly StaffRole[]) => allStaffRoles.filter((r) => !roles.includes(r));

describe('least privilege on every staff route of the composed gateway (issue #26, row 9)', () => {
  let t: StaffTestGateway;
  beforeAll(async () => {
    t = await staffTestGateway();
  });
  afterAll(async () => t.gw.app.close());

  const call = (route: Pick<StaffRouteInfo, 'method' | 'url'>, headers: { authorization: string }, payload: object = {}) =>
    t.gw.app.inject({
      method: route.method as 'GET',
      url: staffUrl(route.url),
      headers,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload }),
    });

  it('finds the staff routes of every domain, each declaring at least one role (only "who am I" is for any member)', () => {
    expect(new Set(t.routes.map((r) => r.url.split('/')[2]))).toEqual(new Set(['account', 'community', 'courses', 'giving', 'site']));
    expect(t.routes.length).toBeGreaterThan(50);
    const unguarded = t.routes.filter((r) => !r.roles?.length).map(key);
    expect(unguarded).toEqual([...anyMember]);
  });

  it('matches the OpenAPI document: every operation it marks for the team is one of these routes', async () => {
    const doc = (await t.gw.app.inject('/api/openapi.json')).json<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>();
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.security?.length)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    // Visitor routes with a bearer token (a signed-in visitor's own data) are documented with `security` too.
    const visitorsOwn = documented.filter((k) => !k.includes('/staff/'));
    expect(documented.filter((k) => !visitorsOwn.includes(k)).sort()).toEqual(t.routes.map(key).sort());
  });

  it('refuses every staff route (403 role_required, naming its roles) to a member holding every other role, and writes nothing', async () => {
    const audit = await t.auditRows();
    const outbox = await t.outboxRows();
    const refused: string[] = [];
    for (const route of t.routes.filter((r) => r.roles?.length)) {
      const member = await t.memberWith(without(route.roles!), 'sin-rol');
      const res = await call(route, member.headers, { radicado: 'DP-2026-000001', year: 2025 });
      expect([key(route), res.statusCode, res.json<{ error: string }>().error]).toEqual([key(route), 403, 'role_required']);
      expect(res.json<{ message: string }>().message).toMatch(/^Tu rol en el panel no incluye esta sección \(se necesita: .+\)\./);
      refused.push(key(route));
    }
    expect(refused.length).toBe(t.routes.length - anyMember.size);
    expect({ audit: await t.auditRows(), outbox: await t.outboxRows() }).toEqual({ audit, outbox });
  });

  it('lets a member holding just one declared role past the guard on every staff route (so the refusals above are the roles)', async () => {
    for (const route of t.routes.filter((r) => r.roles?.length)) {
      const member = await t.memberWith([route.roles![0]!], 'con-rol');
      const res = await call(route, member.headers);
      expect([key(route), [401, 403].includes(res.statusCode)]).toEqual([key(route), false]);
    }
  });

  // The row's own examples, by name: the member holds every role but the one the action belongs to.
  // Each row has all five fields (Jest's each would take a missing last one for `done`).
  const examples: Array<[string, StaffRole, 'GET' | 'POST' | 'PUT', string, object | null]> = [
    ['the donations CSV export', 'finanzas', 'GET', '/api/giving/staff/donations/exportar', null],
    ['the enrolments CSV export', 'finanzas', 'GET', '/api/courses/staff/enrolments/exportar', null],
    ["the batch of a year's annual certificates", 'finanzas', 'POST', '/api/giving/staff/certificates/lote', { year: 2025 }],
    ['editing the campaign', 'finanzas', 'PUT', '/api/giving/staff/campaigns/1', { goal: 1 }],
    ['closing a cohort', 'cursos', 'PUT', '/api/courses/staff/cohorts/1', { status: 'closed' }],
    ['creating a cohort', 'cursos', 'POST', '/api/courses/staff/cohorts', { start_date: '2027-02-01', schedule: 'Sábados', capacity: 20 }],
    ['sending the newsletter', 'comunidad', 'POST', '/api/community/staff/newsletter/sends', { subject: 'Hola', body: 'Texto' }],
    ['reading the community inbox', 'comunidad', 'GET', '/api/community/staff/inbox', null],
    ["listing the community inbox's volunteers", 'comunidad', 'POST', '/api/community/staff/inbox/voluntarios/lista', {}],
  ];

  it.each(examples)(
    'refuses %s to a member without «%s» (403 role_required), and lets its holder past',
    async (_what, role, method, url, body) => {
      // A real route of the gateway, declared for that role among others.
      const route = t.routes.find((r) => r.method === method && new RegExp(`^${r.url.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(url));
      expect(route?.roles).toContain(role);
      const audit = await t.auditRows();
      const outsider = await t.memberWith(without([role]), `sin-${role}`);
      const refused = await t.gw.app.inject({ method, url, headers: outsider.headers, ...(body ? { payload: body } : {}) });
      expect([refused.statusCode, refused.json<{ error: string }>().error]).toEqual([403, 'role_required']);
      expect(await t.auditRows()).toBe(audit);
      // The holder of that role alone is not refused by the guard (whatever the action then answers).
      const holder = await t.memberWith([role], `con-${role}`);
      const allowed = await t.gw.app.inject({ method, url, headers: holder.headers, ...(body ? { payload: {} } : {}) });
      expect([401, 403]).not.toContain(allowed.statusCode);
    },
  );
});
