import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { ApiModule } from './api-module';
import { testApi, type TestApi } from './api-testing';
import { z } from '../schemas/zod';
import { readAudit, recordAudit } from './audit';
import { zodSchema } from './http';
import { createTestIdentity } from './identity-testing';
import { runOnce, scheduleRecurring, slotOf } from './jobs';
import { registerStaffRoutes, staffOf, staffRead } from './staff-guard';
import { createTestStaffDirectory, staffToken, testSub } from './staff-testing';

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org' });
staff.seat({ username: 'admin@fundacion.org', admin: true });
staff.seat({ username: 'nuevo@fundacion.org', totp: false });
staff.seat({ username: 'baja@fundacion.org', enabled: false });
staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
staff.seat({ username: 'atiende@fundacion.org', roles: ['atencion'] });
// Signed out everywhere a minute ago (a second factor just set up): older sign-ins no longer count.
const cutAt = Date.now() - 60_000;
staff.seat({ username: 'reciente@fundacion.org', sessionsSince: cutAt });

// A domain with routes for each kind of declaration, the way remotes register theirs.
const probe: ApiModule = {
  name: 'community',
  description: 'prueba',
  migrations: { schema: 'probe', migrations: {} },
  plugin: async (app, ctx) => {
    await registerStaffRoutes(app, ctx, { roles: ['atencion', 'comunidad'] }, async (scope) => {
      scope.get('/who', async (req) => ({ email: staffOf(req).email, admin: staffOf(req).admin, roles: staffOf(req).roles }));
      scope.get(
        '/people',
        {
          config: { ...staffRead<{ rows: unknown[] }>({ action: 'community.probe.read', entity: 'probe', count: (b) => b.rows.length }) },
          schema: { querystring: zodSchema(z.object({ q: z.optional(z.string()), estado: z.optional(z.string()) })) },
        },
        async () => ({
          rows: [1, 2, 3],
        }),
      );
      scope.get('/finance-too', { config: { staffRoles: ['finanzas'] } }, async () => ({ ok: true }));
    });
    await registerStaffRoutes(app, ctx, { roles: ['admin'] }, async (scope) => {
      scope.get('/admin-only', async () => ({ ok: true }));
    });
  },
};

let api: TestApi;
beforeAll(async () => {
  api = await testApi(probe, { identity: identity.verifier, staff });
});
afterAll(async () => api.close());

const get = (url: string, token?: string) =>
  api.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('staff routes', () => {
  it('answer 401 without a token and 403 to a visitor', async () => {
    expect((await get('/api/community/staff/who')).statusCode).toBe(401);
    const visitor = identity.token({ email: 'visitante@correo.co' });
    const res = await get('/api/community/staff/who', visitor);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden', message: 'Esta sección es solo para el equipo de la fundación.' });
  });

  it('let a current member with a second factor and one of the roles in', async () => {
    const res = await get('/api/community/staff/who', staffToken(identity, { email: 'ana@fundacion.org' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'ana@fundacion.org',
      admin: false,
      roles: ['atencion', 'comunidad', 'cursos', 'finanzas', 'contenido', 'datos'],
    });
    expect((await get('/api/community/staff/who', staffToken(identity, { email: 'atiende@fundacion.org' }))).statusCode).toBe(200);
  });

  it('refuse a token when the directory no longer has the member, or the account is disabled', async () => {
    expect((await get('/api/community/staff/who', staffToken(identity, { email: 'exmiembro@fundacion.org' }))).statusCode).toBe(403);
    expect((await get('/api/community/staff/who', staffToken(identity, { email: 'baja@fundacion.org' }))).statusCode).toBe(403);
  });

  it("refuse another account that carries a member's address (the directory binds the member's account, not an address)", async () => {
    // A visitor who changed their account's address to a member's: a verified address even, but another account.
    const other = identity.token({ email: 'ana@fundacion.org' }, { 'cognito:username': 'visitante@correo.co' });
    expect((await get('/api/community/staff/who', other)).statusCode).toBe(403);
  });

  it('refuse a member whose address was never verified, or is no longer the invited one', async () => {
    const planted = staffToken(identity, { email: 'ana@fundacion.org' }, { email_verified: false });
    expect((await get('/api/community/staff/who', planted)).statusCode).toBe(403);
    // The member's own account after changing its address (and verifying the new one): suspended until invited again.
    const moved = identity.token(
      { sub: testSub('ana@fundacion.org'), email: 'ana.personal@correo.co' },
      { 'cognito:username': 'ana@fundacion.org' },
    );
    const res = await get('/api/community/staff/who', moved);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'email_changed', message: expect.stringContaining('te invite de nuevo') });
  });

  it('ask for the second factor before anything else', async () => {
    const res = await get('/api/community/staff/who', staffToken(identity, { email: 'nuevo@fundacion.org' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'second_factor_required' });
  });

  it("refuse a token from a sign-in before the member's last security event (second factor set up, acceptance, removal)", async () => {
    const before = staffToken(identity, { email: 'reciente@fundacion.org' }, { auth_time: Math.floor(cutAt / 1000) - 120 });
    const sameSecond = staffToken(identity, { email: 'reciente@fundacion.org' }, { auth_time: Math.floor(cutAt / 1000) });
    for (const token of [before, sameSecond]) {
      const res = await get('/api/community/staff/who', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'sign_in_again', message: expect.stringContaining('Vuelve a iniciar sesión') });
    }
    const after = staffToken(identity, { email: 'reciente@fundacion.org' }, { auth_time: Math.floor(cutAt / 1000) + 1 });
    expect((await get('/api/community/staff/who', after)).statusCode).toBe(200);
    // A token without auth_time cannot be placed after the event: refused too.
    const noTime = staffToken(identity, { email: 'reciente@fundacion.org' }, { auth_time: undefined });
    expect((await get('/api/community/staff/who', noTime)).statusCode).toBe(401);
  });

  it('keep each route to the roles it declares (least privilege), whatever the token claims', async () => {
    const finance = staffToken(identity, { email: 'finanzas@fundacion.org' }, { 'cognito:groups': ['equipo', 'equipo-admin'] });
    const res = await get('/api/community/staff/who', finance);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'role_required',
      message:
        'Tu rol en el panel no incluye esta sección (se necesita: Atención al ciudadano y Comunidad). Pide a un administrador que te lo asigne.',
    });
    // A route may name its own roles inside a scope.
    expect((await get('/api/community/staff/finance-too', finance)).statusCode).toBe(200);
    expect((await get('/api/community/staff/finance-too', staffToken(identity, { email: 'atiende@fundacion.org' }))).statusCode).toBe(403);
    expect(
      (await get('/api/community/staff/admin-only', staffToken(identity, { email: 'ana@fundacion.org', admin: true }))).statusCode,
    ).toBe(403);
    expect((await get('/api/community/staff/admin-only', staffToken(identity, { email: 'admin@fundacion.org' }))).statusCode).toBe(200);
  });

  it('leave an audit row for every read of personal data: who, what, how many and which filters', async () => {
    const res = await get(
      '/api/community/staff/people?q=Mar%C3%ADa&estado=nuevo',
      staffToken(identity, { email: 'atiende@fundacion.org' }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await readAudit(api.db, { limit: 1, actionPrefix: 'community.probe.read' });
    expect(row).toMatchObject({
      actorEmail: 'atiende@fundacion.org',
      actorRoles: ['atencion'],
      entity: 'probe',
      detail: { rows: 3, filters: ['estado', 'q'] },
    });
    // What was searched is not kept (it may be a person's name), nor a query key the route does not declare.
    expect(JSON.stringify(row)).not.toContain('María');
    await get('/api/community/staff/people?Ana%20P%C3%A9rez%201012345678=1', staffToken(identity, { email: 'atiende@fundacion.org' }));
    const [undeclared] = await readAudit(api.db, { limit: 1, actionPrefix: 'community.probe.read' });
    expect(undeclared?.detail).toEqual({ rows: 3, filters: [] });
    // A refused read leaves no read row.
    await get('/api/community/staff/people', staffToken(identity, { email: 'finanzas@fundacion.org' }));
    expect(await readAudit(api.db, { limit: 5, actionPrefix: 'community.probe.read' })).toHaveLength(2);
  });
});

describe('audit log', () => {
  it('keeps rows and refuses to change or delete them', async () => {
    await recordAudit(
      api.db,
      { sub: 's-1', email: 'ana@fundacion.org' },
      { action: 'community.pqrsf.respond', entity: 'pqrsf', entityId: '2026' },
    );
    const [row] = await readAudit(api.db, { limit: 5, entity: 'pqrsf' });
    expect(row).toMatchObject({ actorEmail: 'ana@fundacion.org', action: 'community.pqrsf.respond', entityId: '2026' });
    await expect(sql`update staff.audit_log set actor_email = 'otra@x.co'`.execute(api.db)).rejects.toThrow(/solo inserción/);
    await expect(sql`delete from staff.audit_log`.execute(api.db)).rejects.toThrow(/solo inserción/);
    expect(await readAudit(api.db, { limit: 5, entity: 'pqrsf' })).toHaveLength(1);
  });
});

describe('runOnce', () => {
  it('runs a job once per period however many instances ask', async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      return 'hecho';
    };
    const results = await Promise.all([1, 2, 3].map(() => runOnce(api.db, 'digest', '2026-11-23', work)));
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(runs).toBe(1);
    expect((await runOnce(api.db, 'digest', '2026-11-24', work)).ran).toBe(true);
    expect((await runOnce(api.db, 'digest', '2026-11-23', work, { force: true })).ran).toBe(true);
    expect(runs).toBe(3);
  });

  it('runs a recurring job once per slot across instances, and again in the next slot', async () => {
    const slots: string[] = [];
    let at = new Date('2026-11-23T15:07:00Z');
    const job = { name: 'reconcile-probe', everyMs: 30 * 60_000, run: async (slot: Date) => void slots.push(slot.toISOString()) };
    // Two instances checking every 10 ms: the 15:00 slot is claimed once; moving the clock to 15:31 opens the next one.
    const stops = [1, 2].map(() => scheduleRecurring(api.db, job, { checkMs: 10, now: () => at }));
    await new Promise((r) => setTimeout(r, 120));
    at = new Date('2026-11-23T15:31:00Z');
    await new Promise((r) => setTimeout(r, 120));
    stops.forEach((stop) => stop());
    expect(slots).toEqual(['2026-11-23T15:00:00.000Z', '2026-11-23T15:30:00.000Z']);
    expect(slotOf(new Date('2026-11-23T15:29:59Z'), 30 * 60_000)).toBe('2026-11-23T15:00:00.000Z');
  });
});
