import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditResponse, StaffMembersResponse } from 'shared/schemas/staff-api';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { recordAudit } from 'shared/server/audit';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { createAccountApi } from './index';

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'admin@fundacion.org', admin: true });
staff.seat({ username: 'ana@fundacion.org' });
staff.seat({ username: 'nuevo@fundacion.org', totp: false });

let api: TestApi;
beforeAll(async () => {
  api = await testApi(createAccountApi(), { identity: identity.verifier, staff });
});
afterAll(async () => api.close());

const adminToken = () => staffToken(identity, { email: 'admin@fundacion.org', admin: true });
const memberToken = () => staffToken(identity, { email: 'ana@fundacion.org' });
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  api.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });

const routes: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
  ['GET', '/api/account/staff/me'],
  ['GET', '/api/account/staff/members'],
  ['POST', '/api/account/staff/members', { email: 'x@fundacion.org', admin: false }],
  ['DELETE', '/api/account/staff/members/ana%40fundacion.org'],
  ['GET', '/api/account/staff/audit'],
];

describe('account staff API: who may call it', () => {
  it('answers 401 without a token and 403 to a visitor on every route', async () => {
    const visitor = identity.token({ email: 'visitante@correo.co' });
    for (const [method, url, body] of routes) {
      expect({ method, url, status: (await call(method, url, undefined, body)).statusCode }).toEqual({ method, url, status: 401 });
      const res = await call(method, url, visitor, body);
      expect({ method, url, status: res.statusCode, error: res.json<{ error: string }>().error }).toEqual({
        method,
        url,
        status: 403,
        error: 'forbidden',
      });
    }
    expect(staff.added).toEqual([]);
  });

  it('keeps the team and the audit for admins: a plain member gets 403 and changes nothing', async () => {
    for (const [method, url, body] of routes.slice(1)) {
      const res = await call(method, url, memberToken(), body);
      expect({ method, url, status: res.statusCode, message: res.json<{ message: string }>().message }).toEqual({
        method,
        url,
        status: 403,
        message: 'Solo un administrador del panel puede hacer esto.',
      });
    }
    expect(staff.added).toEqual([]);
    expect(await staff.standing('ana@fundacion.org')).not.toBeNull();
  });
});

describe('GET /staff/me', () => {
  it('tells the panel who is in, and lets a member without an authenticator in so the setup can be shown', async () => {
    const me = await call('GET', '/api/account/staff/me', adminToken());
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ email: 'admin@fundacion.org', name: null, admin: true, totp: true });

    const fresh = await call('GET', '/api/account/staff/me', staffToken(identity, { email: 'nuevo@fundacion.org' }));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ email: 'nuevo@fundacion.org', name: null, admin: false, totp: false });
  });

  it('is the only route open before the second factor', async () => {
    const res = await call('GET', '/api/account/staff/audit', staffToken(identity, { email: 'nuevo@fundacion.org' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'second_factor_required' });
  });
});

describe('the team (admins)', () => {
  it('lists the members with their role and whether the authenticator is set up', async () => {
    const res = await call('GET', '/api/account/staff/members', adminToken());
    expect(res.statusCode).toBe(200);
    const { members } = res.json<StaffMembersResponse>();
    expect(members.map((m) => [m.email, m.admin, m.totp])).toEqual([
      ['admin@fundacion.org', true, true],
      ['ana@fundacion.org', false, true],
      ['nuevo@fundacion.org', false, false],
    ]);
    expect(members[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('invites by e-mail: the temporary password goes to the invited address, never into the answer, and is audited', async () => {
    const res = await call('POST', '/api/account/staff/members', adminToken(), { email: '  Carlos@Fundacion.org ', admin: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: 'carlos@fundacion.org', admin: false, created: true });
    expect(res.body).not.toContain('Temporal2345');
    expect(staff.added.at(-1)).toEqual({ email: 'carlos@fundacion.org', admin: false, temporaryPassword: 'Temporal2345' });

    const [mail] = await api.mailer.list(1);
    expect(mail?.to).toBe('carlos@fundacion.org');
    expect(mail?.text).toContain('Contraseña temporal: Temporal2345');
    expect(mail?.text).toContain('http://127.0.0.1:8080/equipo');
    expect(mail?.html).toContain('Temporal2345');

    const audit = await call('GET', '/api/account/staff/audit?action=account.staff', adminToken());
    expect(audit.json<AuditResponse>().rows[0]).toMatchObject({
      actorEmail: 'admin@fundacion.org',
      action: 'account.staff.invite',
      entity: 'staff_member',
      entityId: 'carlos@fundacion.org',
      detail: { admin: false, newAccount: true },
    });
  });

  it('refuses to invite someone already on the team, and a malformed address, in Spanish', async () => {
    const again = await call('POST', '/api/account/staff/members', adminToken(), { email: 'ana@fundacion.org', admin: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'already_member', message: 'Esta persona ya es parte del equipo.' });
    const bad = await call('POST', '/api/account/staff/members', adminToken(), { email: 'no es un correo', admin: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { email: 'Escribe un correo válido, por ejemplo nombre@fundacion.org.' } });
  });

  it('removes a member (audited), and refuses to let an admin remove themself', async () => {
    const self = await call('DELETE', '/api/account/staff/members/admin%40fundacion.org', adminToken());
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({
      error: 'cannot_remove_self',
      message: 'No puedes retirarte a ti mismo del equipo. Pide a otro administrador que lo haga.',
    });
    expect(await staff.standing('admin@fundacion.org')).not.toBeNull();

    const res = await call('DELETE', '/api/account/staff/members/carlos%40fundacion.org', adminToken());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'carlos@fundacion.org', removed: true });
    expect(await staff.standing('carlos@fundacion.org')).toBeNull();

    const audit = await call('GET', '/api/account/staff/audit?action=account.staff.remove', adminToken());
    expect(audit.json<AuditResponse>().rows).toMatchObject([
      { actorEmail: 'admin@fundacion.org', action: 'account.staff.remove', entityId: 'carlos@fundacion.org' },
    ]);

    const gone = await call('DELETE', '/api/account/staff/members/carlos%40fundacion.org', adminToken());
    expect(gone.statusCode).toBe(404);
  });
});

describe('GET /staff/audit (admins)', () => {
  it('pages newest first, 50 at a time, and filters by kind of action', async () => {
    const actor = { sub: 'sub-ana', email: 'ana@fundacion.org' };
    for (let i = 1; i <= 60; i++)
      await recordAudit(api.db, actor, {
        action: 'community.pqrsf.respond',
        entity: 'pqrsf',
        entityId: `2026-${String(i).padStart(3, '0')}`,
      });

    const first = (await call('GET', '/api/account/staff/audit?action=community.pqrsf', adminToken())).json<AuditResponse>();
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.entityId).toBe('2026-060');
    expect(first.nextBefore).toBe(first.rows[49]?.id);

    const second = (
      await call('GET', `/api/account/staff/audit?action=community.pqrsf&before=${first.nextBefore}`, adminToken())
    ).json<AuditResponse>();
    expect(second.rows.map((r) => r.entityId)).toEqual(Array.from({ length: 10 }, (_, i) => `2026-${String(10 - i).padStart(3, '0')}`));
    expect(second.nextBefore).toBeNull();

    const all = (await call('GET', '/api/account/staff/audit', adminToken())).json<AuditResponse>();
    expect(all.rows[0]?.action).toBe('community.pqrsf.respond');
    expect(all.rows[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('refuses a malformed cursor or filter', async () => {
    expect((await call('GET', '/api/account/staff/audit?before=abc', adminToken())).statusCode).toBe(400);
    // Past the bigint id: refused as a bad cursor, not left to the database.
    expect((await call('GET', '/api/account/staff/audit?before=9999999999999999999', adminToken())).statusCode).toBe(400);
    expect((await call('GET', "/api/account/staff/audit?action=x'%20or%201=1", adminToken())).statusCode).toBe(400);
  });
});
