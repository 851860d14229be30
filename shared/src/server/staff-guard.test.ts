import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { ApiModule } from './api-module';
import { testApi, type TestApi } from './api-testing';
import { readAudit, recordAudit } from './audit';
import { createTestIdentity } from './identity-testing';
import { runOnce, scheduleRecurring, slotOf } from './jobs';
import { registerStaffRoutes, staffOf } from './staff-guard';
import { createTestStaffDirectory, staffToken } from './staff-testing';

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org' });
staff.seat({ username: 'admin@fundacion.org', admin: true });
staff.seat({ username: 'nuevo@fundacion.org', totp: false });
staff.seat({ username: 'baja@fundacion.org', enabled: false });

// A domain with one staff route and one admin route, the way remotes register theirs.
const probe: ApiModule = {
  name: 'community',
  description: 'prueba',
  migrations: { schema: 'probe', migrations: {} },
  plugin: async (app, ctx) => {
    await registerStaffRoutes(app, ctx, async (scope) => {
      scope.get('/who', async (req) => ({ email: staffOf(req).email, admin: staffOf(req).admin }));
    });
    await registerStaffRoutes(
      app,
      ctx,
      async (scope) => {
        scope.get('/admin-only', async () => ({ ok: true }));
      },
      { admin: true },
    );
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

  it('let a current member with a second factor in', async () => {
    const res = await get('/api/community/staff/who', staffToken(identity, { email: 'ana@fundacion.org' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'ana@fundacion.org', admin: false });
  });

  it('refuse a token that claims the group when the directory no longer has the member', async () => {
    expect((await get('/api/community/staff/who', staffToken(identity, { email: 'exmiembro@fundacion.org' }))).statusCode).toBe(403);
    expect((await get('/api/community/staff/who', staffToken(identity, { email: 'baja@fundacion.org' }))).statusCode).toBe(403);
  });

  it('refuse a member whose address was never verified (an account someone else opened on it)', async () => {
    const planted = identity.token(
      { email: 'ana@fundacion.org' },
      { 'cognito:username': 'ana@fundacion.org', 'cognito:groups': ['equipo'], email_verified: false },
    );
    expect((await get('/api/community/staff/who', planted)).statusCode).toBe(403);
  });

  it('ask for the second factor before anything else', async () => {
    const res = await get('/api/community/staff/who', staffToken(identity, { email: 'nuevo@fundacion.org' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'second_factor_required' });
  });

  it('keep admin routes for admins, even when a member forges the admin group into the token claim', async () => {
    expect(
      (await get('/api/community/staff/admin-only', staffToken(identity, { email: 'ana@fundacion.org', admin: true }))).statusCode,
    ).toBe(403);
    expect(
      (await get('/api/community/staff/admin-only', staffToken(identity, { email: 'admin@fundacion.org', admin: true }))).statusCode,
    ).toBe(200);
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
