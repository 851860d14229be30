import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditResponse, StaffMembersResponse } from '../src/staff/team-schemas';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { readAudit, recordAudit } from 'shared/server/audit';
import { createTestIdentity } from 'shared/server/identity-testing';
import { databaseStaffDirectory } from 'shared/server/staff-directory';
import { fakeStaffAccounts, seatInDatabase, testSub } from 'shared/server/staff-testing';
import { siteDomains } from '../../site/server';
import { createAccountApi } from './index';

const identity = createTestIdentity();
const accounts = fakeStaffAccounts();
const now = () => Math.floor(Date.now() / 1000);

let api: TestApi;
beforeAll(async () => {
  api = await testApi(createAccountApi(), {
    identity: identity.verifier,
    staff: (db) => databaseStaffDirectory(db, accounts),
    settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    // The audit log names every domain's actions as their manifests declare them.
    domains: siteDomains,
  });
  await seatInDatabase(api.db, accounts, { email: 'admin@fundacion.org', roles: ['admin'], name: 'Admin' });
  await seatInDatabase(api.db, accounts, { email: 'ana@fundacion.org', roles: ['atencion', 'finanzas'] });
  await seatInDatabase(api.db, accounts, { email: 'nuevo@fundacion.org', roles: ['atencion'], totp: false });
});
afterAll(async () => api.close());

/** An ID token of an account in the fake identity provider, signed in `secondsAgo` ago. */
const tokenOf = (username: string, secondsAgo = 0, claims: Record<string, unknown> = {}) => {
  const account = accounts.get(username);
  return identity.token(
    { sub: account?.sub ?? testSub(username), email: account?.email ?? username },
    { 'cognito:username': username, auth_time: now() - secondsAgo, email_verified: account?.emailVerified ?? true, ...claims },
  );
};
const adminToken = () => tokenOf('admin@fundacion.org');
const memberToken = () => tokenOf('ana@fundacion.org');
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  api.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });

/** Invites `email` as the admin and returns the one-time token the e-mail carries. */
async function invite(email: string, roles = ['atencion'], name = 'Persona Invitada') {
  const res = await call('POST', '/api/account/staff/members', adminToken(), { email, name, roles });
  expect(res.statusCode).toBe(201);
  const [mail] = await api.mailer.list(1);
  expect(mail?.to).toBe(email.trim().toLowerCase());
  const token = /\/equipo\/invitacion#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
  expect(token).not.toBe('');
  return { res, token, mail };
}
const accept = (token: string, password = 'Elegida2026', name = 'Persona Invitada') =>
  call('POST', '/api/account/staff-invitation/accept', undefined, { token, name, password, confirmPassword: password });

const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
  ['GET', '/api/account/staff/me'],
  ['GET', '/api/account/staff/members'],
  ['POST', '/api/account/staff/members', { email: 'x@fundacion.org', name: 'Equis', roles: ['atencion'] }],
  ['PUT', '/api/account/staff/members/ana%40fundacion.org/roles', { roles: ['admin'] }],
  ['DELETE', '/api/account/staff/members/ana%40fundacion.org'],
  ['POST', '/api/account/staff/members/ana%40fundacion.org/second-factor/reset'],
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
    expect(await api.mailer.list(5)).toEqual([]);
  });

  it('keeps the team and the audit for the administration role: any other role gets 403 and changes nothing', async () => {
    for (const [method, url, body] of routes.slice(1)) {
      const res = await call(method, url, memberToken(), body);
      expect({ method, url, status: res.statusCode, error: res.json<{ error: string }>().error }).toEqual({
        method,
        url,
        status: 403,
        error: 'role_required',
      });
      expect(res.json<{ message: string }>().message).toContain('(se necesita: Administración)');
    }
    expect(await api.mailer.list(5)).toEqual([]);
    expect((await call('GET', '/api/account/staff/me', memberToken())).json()).toMatchObject({ roles: ['atencion', 'finanzas'] });
  });
});

describe('GET /staff/me', () => {
  it('tells the panel who is in and with which roles, also before the authenticator is set up', async () => {
    const me = await call('GET', '/api/account/staff/me', adminToken());
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ email: 'admin@fundacion.org', name: 'Admin', roles: ['admin'], admin: true, totp: true });
    const fresh = await call('GET', '/api/account/staff/me', tokenOf('nuevo@fundacion.org'));
    expect(fresh.json()).toEqual({ email: 'nuevo@fundacion.org', name: null, roles: ['atencion'], admin: false, totp: false });
  });

  it('is the only route open before the second factor', async () => {
    const res = await call('GET', '/api/account/staff/audit', tokenOf('nuevo@fundacion.org'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'second_factor_required' });
  });
});

describe('invitations: an invitation never adopts an account it did not create', () => {
  it('invites a new address by a one-time link to its mailbox; nothing is granted until the link is used', async () => {
    const { res, mail, token } = await invite('  Carlos@Fundacion.org ', ['cursos', 'finanzas'], 'Carlos Pérez');
    expect(res.json()).toMatchObject({
      email: 'carlos@fundacion.org',
      roles: ['cursos', 'finanzas'],
      existingAccount: false,
      renewed: false,
    });
    expect(res.body).not.toContain(token);
    expect(mail?.text).toMatch(/Cursos y Finanzas/);
    expect(mail?.text).not.toMatch(/Contraseña temporal/);
    expect(accounts.get('carlos@fundacion.org')).toBeUndefined();

    const preview = await call('POST', '/api/account/staff-invitation/preview', undefined, { token });
    expect(preview.json()).toMatchObject({
      email: 'carlos@fundacion.org',
      name: 'Carlos Pérez',
      roles: ['cursos', 'finanzas'],
      invitedBy: 'admin@fundacion.org',
      existingAccount: false,
    });
    const listed = (await call('GET', '/api/account/staff/members', adminToken())).json<StaffMembersResponse>().members;
    expect(listed.find((m) => m.email === 'carlos@fundacion.org')).toMatchObject({
      status: 'invited',
      invitationExpiresAt: expect.any(String),
    });

    const accepted = await accept(token, 'Carlos2026x', 'Carlos Pérez');
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ email: 'carlos@fundacion.org', roles: ['cursos', 'finanzas'] });
    expect(accounts.get('carlos@fundacion.org')).toMatchObject({ password: 'Carlos2026x', emailVerified: true, totp: false });
    // Single use.
    expect((await accept(token)).statusCode).toBe(404);
    expect((await call('POST', '/api/account/staff-invitation/preview', undefined, { token })).statusCode).toBe(404);

    const me = await call('GET', '/api/account/staff/me', tokenOf('carlos@fundacion.org'));
    expect(me.json()).toMatchObject({ email: 'carlos@fundacion.org', roles: ['cursos', 'finanzas'], totp: false });
    const audit = await readAudit(api.db, { limit: 10, actionPrefix: 'account.staff', entityId: 'carlos@fundacion.org' });
    expect(audit.map((r) => [r.action, r.actorEmail])).toEqual([
      ['account.staff.accept', 'carlos@fundacion.org'],
      ['account.staff.invite', 'admin@fundacion.org'],
    ]);
    expect(audit[1]?.actorRoles).toEqual(['admin']);
  });

  it('attack: an account opened on the address before the invitation (after a payment) gives its opener nothing', async () => {
    // The attacker paid a course with the address, took the temporary password and holds a session of that account.
    const planted = accounts.open({ email: 'otra.persona@fundacion.org', password: 'Atacante2026' });
    const attackerToken = tokenOf('otra.persona@fundacion.org', 30);
    const { res, mail, token } = await invite('otra.persona@fundacion.org', ['admin']);
    // The panel says plainly that the address has an account, and the invitation says what accepting does to it.
    expect(res.json()).toMatchObject({ existingAccount: true });
    expect(mail?.text).toContain('ya tiene una cuenta en el sitio');

    // Before the link is used: the account is nobody's member.
    const before = await call('GET', '/api/account/staff/me', attackerToken);
    expect(before.statusCode).toBe(403);
    // The attacker cannot accept without the mailbox's link, nor guess it.
    expect((await accept('A'.repeat(43), 'Atacante2026')).statusCode).toBe(404);
    expect((await accept('corto', 'Atacante2026')).statusCode).toBe(404);

    // The invited person accepts: the account becomes theirs (new password, every session ended, authenticator off).
    expect((await accept(token, 'Legitima2026')).statusCode).toBe(201);
    expect(accounts.get('otra.persona@fundacion.org')).toMatchObject({ sub: planted.sub, password: 'Legitima2026', totp: false });
    expect(accounts.signedOut).toContain('otra.persona@fundacion.org');
    // The attacker's token of the same account, from before the acceptance, is refused everywhere.
    const after = await call('GET', '/api/account/staff/me', attackerToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'sign_in_again' });
    // The rightful owner's new sign-in works.
    expect((await call('GET', '/api/account/staff/me', tokenOf('otra.persona@fundacion.org'))).statusCode).toBe(200);
  });

  it("attack: a visitor who changes their account's address to the invited one gets nothing, before or after", async () => {
    // The attacker's own account, its address changed (even verified) to the one the foundation is about to invite.
    accounts.open({ email: 'laura.nueva@fundacion.org', password: 'Atacante2026', username: 'atacante@correo.co' });
    const attackerToken = tokenOf('atacante@correo.co');
    const { token } = await invite('laura.nueva@fundacion.org', ['admin', 'datos']);
    expect((await call('GET', '/api/account/staff/me', attackerToken)).statusCode).toBe(403);
    expect((await accept(token, 'Laura2026x')).statusCode).toBe(201);
    // Laura's account is the one with her address as its user name, not the attacker's.
    expect(accounts.get('laura.nueva@fundacion.org')?.sub).toBe(testSub('laura.nueva@fundacion.org'));
    expect((await call('GET', '/api/account/staff/members', attackerToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/account/staff/members', tokenOf('laura.nueva@fundacion.org'))).statusCode).toBe(403); // no TOTP yet
  });

  it("suspends a member whose account's address changes (even with a token from before the change), until it is back", async () => {
    await seatInDatabase(api.db, accounts, { email: 'cambia@fundacion.org', roles: ['cursos'] });
    const before = tokenOf('cambia@fundacion.org');
    accounts.changeEmail('cambia@fundacion.org', 'cambia.personal@correo.co');
    const stale = await call('GET', '/api/account/staff/me', before);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: 'email_changed' });

    accounts.changeEmail('ana@fundacion.org', 'ana.personal@correo.co', true);
    const res = await call('GET', '/api/account/staff/me', tokenOf('ana@fundacion.org'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'email_changed' });
    const listed = (await call('GET', '/api/account/staff/members', adminToken())).json<StaffMembersResponse>().members;
    expect(listed.find((m) => m.email === 'ana@fundacion.org')).toMatchObject({ emailChanged: true });
    accounts.changeEmail('ana@fundacion.org', 'ana@fundacion.org', true);
    // Back: in again after one more sign-in. A change of the account ends its sessions (the directory cannot tell it
    // from a second factor reset and set up again, issue #26 row 3), so the token from before the change stays out.
    expect((await call('GET', '/api/account/staff/me', tokenOf('ana@fundacion.org'))).json()).toMatchObject({ error: 'sign_in_again' });
    expect((await call('GET', '/api/account/staff/me', tokenOf('ana@fundacion.org', -2))).statusCode).toBe(200);
  });

  it('renews a pending invitation (the old link stops working), expires links, and refuses a current member', async () => {
    const first = await invite('renovar@fundacion.org');
    const second = await invite('renovar@fundacion.org', ['comunidad']);
    expect(second.res.json()).toMatchObject({ renewed: true, roles: ['comunidad'] });
    expect((await accept(first.token)).statusCode).toBe(404);

    await api.db
      .updateTable('staff.members')
      .set({ invite_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'renovar@fundacion.org')
      .execute();
    const expired = await accept(second.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: 'invitation_expired', message: expect.stringContaining('venció') });

    const member = await call('POST', '/api/account/staff/members', adminToken(), {
      email: 'ana@fundacion.org',
      name: 'Ana',
      roles: ['admin'],
    });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({ error: 'already_member' });
  });

  it('attack: an invitation renewed (new roles) or cancelled while its old link is being accepted grants nothing', async () => {
    const { token } = await invite('carrera@fundacion.org', ['cursos']);
    accounts.duringNextClaim(async () => {
      const renewed = await call('POST', '/api/account/staff/members', adminToken(), {
        email: 'carrera@fundacion.org',
        name: 'Persona Invitada',
        roles: ['cursos', 'finanzas'],
      });
      expect(renewed.statusCode).toBe(201);
    });
    expect((await accept(token)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/account/staff/members', adminToken())).json<StaffMembersResponse>().members;
    expect(listed.find((m) => m.email === 'carrera@fundacion.org')).toMatchObject({ status: 'invited', roles: ['cursos', 'finanzas'] });
    // The renewed link is the one that works, with the roles it was sent with.
    const [mail] = await api.mailer.list(1);
    const fresh = /\/equipo\/invitacion#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect((await accept(fresh)).json()).toEqual({ email: 'carrera@fundacion.org', roles: ['cursos', 'finanzas'] });

    const second = await invite('cancelada@fundacion.org');
    accounts.duringNextClaim(async () => {
      expect((await call('DELETE', '/api/account/staff/members/cancelada%40fundacion.org', adminToken())).statusCode).toBe(200);
    });
    expect((await accept(second.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/account/staff/me', tokenOf('cancelada@fundacion.org'))).statusCode).toBe(403);
  });

  it('gives the link back when the identity provider fails during the acceptance', async () => {
    const { token } = await invite('reintento@fundacion.org');
    accounts.failNextClaim();
    const failed = await accept(token);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: 'identity_provider_error' });
    expect((await accept(token)).statusCode).toBe(201);
  });

  it('refuses bad input in Spanish', async () => {
    const bad = await call('POST', '/api/account/staff/members', adminToken(), { email: 'no es un correo', name: '', roles: ['jefe'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: {
        email: 'Escribe un correo válido, por ejemplo nombre@fundacion.org.',
        name: 'Escribe el nombre de la persona.',
      },
    });
    const none = await call('POST', '/api/account/staff/members', adminToken(), { email: 'a@fundacion.org', name: 'A B', roles: [] });
    expect(none.json()).toMatchObject({ fields: { roles: 'Elige al menos un rol.' } });
    const weak = await call('POST', '/api/account/staff-invitation/accept', undefined, {
      token: 'x',
      name: 'A',
      password: 'corta',
      confirmPassword: 'otra',
    });
    expect(weak.statusCode).toBe(400);
  });
});

describe('roles and removal (administration)', () => {
  it('changes roles (audited), and no admin drops their own administration', async () => {
    const res = await call('PUT', '/api/account/staff/members/ana%40fundacion.org/roles', adminToken(), { roles: ['datos'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'ana@fundacion.org', roles: ['datos'] });
    expect((await call('GET', '/api/account/staff/me', memberToken())).json()).toMatchObject({ roles: ['datos'] });
    const [row] = await readAudit(api.db, { limit: 1, actionPrefix: 'account.staff.roles' });
    expect(row).toMatchObject({ entityId: 'ana@fundacion.org', detail: { before: ['atencion', 'finanzas'], roles: ['datos'] } });
    expect(row?.detail).not.toHaveProperty('nameChanged');

    // A member without a name gets one with the same call (the audit says it changed, not what it says).
    const named = await call('PUT', '/api/account/staff/members/ana%40fundacion.org/roles', adminToken(), {
      roles: ['datos'],
      name: ' Ana Gómez ',
    });
    expect(named.statusCode).toBe(200);
    expect((await call('GET', '/api/account/staff/me', memberToken())).json()).toMatchObject({ name: 'Ana Gómez' });
    const [renamed] = await readAudit(api.db, { limit: 1, actionPrefix: 'account.staff.roles' });
    expect(renamed?.detail).toEqual({ before: ['datos'], roles: ['datos'], nameChanged: true });
    const blank = await call('PUT', '/api/account/staff/members/ana%40fundacion.org/roles', adminToken(), { roles: ['datos'], name: ' ' });
    expect(blank.statusCode).toBe(400);

    const own = await call('PUT', '/api/account/staff/members/admin%40fundacion.org/roles', adminToken(), { roles: ['atencion'] });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: 'own_admin' });
    // Nor does an admin grant themselves more: another admin does.
    const more = await call('PUT', '/api/account/staff/members/admin%40fundacion.org/roles', adminToken(), {
      roles: ['admin', 'finanzas'],
    });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ error: 'own_roles' });
    expect((await call('GET', '/api/account/staff/me', adminToken())).json()).toMatchObject({ roles: ['admin'] });
    expect(
      (await call('PUT', '/api/account/staff/members/nadie%40fundacion.org/roles', adminToken(), { roles: ['datos'] })).statusCode,
    ).toBe(404);
  });

  it('removes a member (their sessions end at once, audited) or cancels an invitation, never oneself', async () => {
    const self = await call('DELETE', '/api/account/staff/members/admin%40fundacion.org', adminToken());
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ error: 'cannot_remove_self' });

    const tokenBefore = tokenOf('carlos@fundacion.org');
    const res = await call('DELETE', '/api/account/staff/members/carlos%40fundacion.org', adminToken());
    expect(res.json()).toEqual({ email: 'carlos@fundacion.org', removed: true, wasInvitation: false });
    expect(accounts.signedOut.at(-1)).toBe('carlos@fundacion.org');
    expect((await call('GET', '/api/account/staff/me', tokenBefore)).statusCode).toBe(403);

    const { token } = await invite('cancelar@fundacion.org');
    const cancelled = await call('DELETE', '/api/account/staff/members/cancelar%40fundacion.org', adminToken());
    expect(cancelled.json()).toMatchObject({ wasInvitation: true });
    expect((await accept(token)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/account/staff/members/carlos%40fundacion.org', adminToken())).statusCode).toBe(404);

    const audit = await readAudit(api.db, { limit: 2, actionPrefix: 'account.staff.remove' });
    expect(audit.map((r) => [r.entityId, r.detail.wasInvitation])).toEqual([
      ['cancelar@fundacion.org', true],
      ['carlos@fundacion.org', false],
    ]);
  });
});

describe("resetting a colleague's second factor (administration)", () => {
  const lost = 'perdido@fundacion.org';
  const resetUrl = (email: string) => `/api/account/staff/members/${encodeURIComponent(email)}/second-factor/reset`;

  it('turns the authenticator off, ends every session, tells the colleague by e-mail, and is audited', async () => {
    await seatInDatabase(api.db, accounts, { email: lost, roles: ['cursos'], name: 'Pedro Perdido' });
    const before = tokenOf(lost, 5);
    expect((await call('GET', '/api/account/staff/me', before)).json()).toMatchObject({ totp: true });
    const mailsBefore = (await api.mailer.list(50)).length;

    const res = await call('POST', resetUrl(lost), adminToken());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: lost, reset: true });
    expect(accounts.get(lost)).toMatchObject({ totp: false });
    expect(accounts.secondFactorResets.at(-1)).toBe(lost);
    expect(accounts.signedOut.at(-1)).toBe(lost);

    // A token from before the reset (the lost phone's session, say) is refused at once.
    const old = await call('GET', '/api/account/staff/me', before);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ error: 'sign_in_again' });
    // The next sign-in is let in only to set up a new authenticator, nothing else.
    const next = await call('GET', '/api/account/staff/me', tokenOf(lost, -2));
    expect(next.json()).toMatchObject({ email: lost, name: 'Pedro Perdido', totp: false });

    const mails = await api.mailer.list(50);
    expect(mails.length).toBe(mailsBefore + 1);
    const [mail] = mails;
    expect(mail?.to).toBe(lost);
    expect(mail?.subject).toMatch(/^Restablecimos tu verificación en dos pasos del panel/);
    expect(mail?.text).toContain('Hola, Pedro Perdido:');
    expect(mail?.text).toContain('Admin (admin@fundacion.org) restableció la verificación en dos pasos');
    // Informs only: no link and no secret an attacker could use as a lure or a key.
    expect(mail?.text).not.toMatch(/https?:\/\/|otpauth|secret/i);

    const [row] = await readAudit(api.db, { limit: 1, actionPrefix: 'account.staff.second_factor' });
    expect(row).toMatchObject({
      action: 'account.staff.second_factor.reset',
      actorEmail: 'admin@fundacion.org',
      actorRoles: ['admin'],
      entityId: lost,
      detail: { roles: ['cursos'], hadSecondFactor: true },
    });
    const labelled = (await call('GET', '/api/account/staff/audit?action=account.staff.second_factor', adminToken())).json<AuditResponse>();
    expect(labelled.rows[0]?.actionLabel).toBe('Restableció la verificación en dos pasos de una persona del equipo');
  });

  it('sees the new authenticator as a new set-up: sessions end once more and the member signs in with its code', async () => {
    accounts.setTotp(lost, true);
    // The password-only session the new authenticator was set up in.
    const whileSettingUp = await call('GET', '/api/account/staff/me', tokenOf(lost, 1));
    expect(whileSettingUp.statusCode).toBe(401);
    expect(whileSettingUp.json()).toMatchObject({ error: 'sign_in_again' });
    const withCode = await call('GET', '/api/account/staff/me', tokenOf(lost, -4));
    expect(withCode.json()).toMatchObject({ email: lost, totp: true });
    const [row] = await readAudit(api.db, { limit: 1, actionPrefix: 'account.staff.sessions_ended' });
    expect(row).toMatchObject({ actorEmail: lost, entityId: lost, detail: { reason: 'second_factor_set_up' } });
  });

  it('ends the sessions from before a forgotten password was reset at the door, once, and audits it', async () => {
    const forgetful = 'olvido@fundacion.org';
    await seatInDatabase(api.db, accounts, { email: forgetful, roles: ['cursos'], name: 'Olga Olvido' });
    const before = tokenOf(forgetful, 5);
    accounts.resetPassword(forgetful, 'Recuperada2026');

    const old = await call('GET', '/api/account/staff/me', before);
    expect(old.json()).toMatchObject({ error: 'sign_in_again' });
    expect(accounts.signedOut.at(-1)).toBe(forgetful);
    const fresh = await call('GET', '/api/account/staff/me', tokenOf(forgetful, -2));
    expect(fresh.json()).toMatchObject({ email: forgetful, totp: true });
    const rows = await readAudit(api.db, { limit: 5, actionPrefix: 'account.staff.sessions_ended', entityId: forgetful });
    expect(rows.map((r) => [r.actorEmail, r.actorRoles, r.detail.reason])).toEqual([[forgetful, ['cursos'], 'account_changed']]);
    const labelled = (
      await call('GET', '/api/account/staff/audit?action=account.staff.sessions_ended', adminToken())
    ).json<AuditResponse>();
    expect(labelled.rows[0]?.actionLabel).toMatch(/^Se cerraron sus sesiones porque su cuenta cambió/);
  });

  it("refuses one's own reset, an unknown address or a pending invitation, and says so when the provider fails", async () => {
    const resets = accounts.secondFactorResets.length;
    const own = await call('POST', resetUrl('admin@fundacion.org'), adminToken());
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: 'own_second_factor', message: expect.stringContaining('otro administrador') });
    expect(accounts.get('admin@fundacion.org')).toMatchObject({ totp: true });
    expect((await call('POST', resetUrl('nadie@fundacion.org'), adminToken())).statusCode).toBe(404);
    await invite('pendiente@fundacion.org');
    expect((await call('POST', resetUrl('pendiente@fundacion.org'), adminToken())).statusCode).toBe(404);
    expect(accounts.secondFactorResets.length).toBe(resets);

    const audited = (await readAudit(api.db, { limit: 10, actionPrefix: 'account.staff.second_factor' })).length;
    const mails = (await api.mailer.list(50)).length;
    accounts.failNextReset();
    const down = await call('POST', resetUrl(lost), adminToken());
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ error: 'identity_provider_error' });
    expect(accounts.get(lost)).toMatchObject({ totp: true });
    expect((await readAudit(api.db, { limit: 10, actionPrefix: 'account.staff.second_factor' })).length).toBe(audited);
    expect((await api.mailer.list(50)).length).toBe(mails);
  });
});

describe('inviting a removed member again', () => {
  it('lists former members, and a fresh invitation gives them a new one-time link and a new password', async () => {
    // Carlos was removed above.
    const listed = (await call('GET', '/api/account/staff/members', adminToken())).json<StaffMembersResponse>().members;
    expect(listed.find((m) => m.email === 'carlos@fundacion.org')).toMatchObject({ status: 'removed', name: 'Carlos Pérez' });
    // A cancelled invitation (above) is nobody who left the team: it is not listed.
    expect(listed.some((m) => m.email === 'cancelar@fundacion.org')).toBe(false);
    const oldSession = tokenOf('carlos@fundacion.org', 5);

    const { res, token, mail } = await invite('carlos@fundacion.org', ['cursos'], 'Carlos A. Pérez');
    expect(res.json()).toMatchObject({
      email: 'carlos@fundacion.org',
      roles: ['cursos'],
      existingAccount: true,
      renewed: false,
      rejoined: true,
    });
    expect(mail?.text).toContain('Aceptar la invitación');
    const pending = (await call('GET', '/api/account/staff/members', adminToken())).json<StaffMembersResponse>().members;
    expect(pending.find((m) => m.email === 'carlos@fundacion.org')).toMatchObject({ status: 'invited', name: 'Carlos A. Pérez' });
    // Nothing comes back before the link is used.
    expect((await call('GET', '/api/account/staff/me', oldSession)).statusCode).toBe(403);

    expect((await accept(token, 'Regreso2026', 'Carlos A. Pérez')).statusCode).toBe(201);
    expect(accounts.get('carlos@fundacion.org')).toMatchObject({ password: 'Regreso2026', totp: false });
    // A session from before the removal does not come back with the membership.
    expect((await call('GET', '/api/account/staff/me', oldSession)).json()).toMatchObject({ error: 'sign_in_again' });
    const [row] = await readAudit(api.db, { limit: 1, actionPrefix: 'account.staff.invite' });
    expect(row).toMatchObject({ entityId: 'carlos@fundacion.org', detail: { rejoined: true, existingAccount: true } });
  });
});

describe('GET /staff/audit (administration)', () => {
  it('pages newest first, 50 at a time, filters by kind of action, and each read is itself audited', async () => {
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
    // Each row comes with its labels as its domain declares them (remote-community/manifest/audit.ts), and the page with
    // every domain's kinds of action to filter by.
    expect(first.rows[0]).toMatchObject({ actionLabel: 'Respondió un caso PQRSF', entityLabel: 'PQRSF' });
    expect(first.kinds).toEqual(
      expect.arrayContaining([
        { value: 'community.pqrsf', label: 'Casos PQRSF' },
        { value: 'courses.payment', label: 'Pagos de cursos' },
        { value: 'giving.export', label: 'Exportaciones de donaciones' },
        { value: 'account.staff', label: 'Cambios en el equipo' },
      ]),
    );

    const second = (
      await call('GET', `/api/account/staff/audit?action=community.pqrsf&before=${first.nextBefore}`, adminToken())
    ).json<AuditResponse>();
    expect(second.rows.map((r) => r.entityId)).toEqual(Array.from({ length: 10 }, (_, i) => `2026-${String(10 - i).padStart(3, '0')}`));
    expect(second.nextBefore).toBeNull();

    const all = (await call('GET', '/api/account/staff/audit', adminToken())).json<AuditResponse>();
    expect(all.rows[0]).toMatchObject({
      action: 'account.staff.audit.read',
      actorEmail: 'admin@fundacion.org',
      actorRoles: ['admin'],
      detail: { rows: 10 },
    });
    expect(all.rows[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    const reads = await readAudit(api.db, { limit: 100, actionPrefix: 'account.staff.read' });
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0]?.detail).toMatchObject({ rows: expect.any(Number) });
  });

  it('refuses a malformed cursor or filter', async () => {
    expect((await call('GET', '/api/account/staff/audit?before=abc', adminToken())).statusCode).toBe(400);
    // Past the bigint id: refused as a bad cursor, not left to the database.
    expect((await call('GET', '/api/account/staff/audit?before=9999999999999999999', adminToken())).statusCode).toBe(400);
    expect((await call('GET', "/api/account/staff/audit?action=x'%20or%201=1", adminToken())).statusCode).toBe(400);
  });
});

describe('PUT /staff/yo/avisos: a member’s own e-mails on new cases (#28)', () => {
  const path = '/api/account/staff/yo/avisos';

  it('answers 401 without a token and 403 to a visitor', async () => {
    expect((await call('GET', path)).statusCode).toBe(401);
    expect((await call('PUT', path, undefined, { newCases: false })).statusCode).toBe(401);
    const visitor = identity.token({ email: 'visitante@correo.co' });
    expect((await call('PUT', path, visitor, { newCases: false })).statusCode).toBe(403);
  });

  it('is on by default, changes only the caller’s own choice (audited), and the directory reports it', async () => {
    const directory = api.ctx.staff;
    expect((await call('GET', path, memberToken())).json()).toEqual({ newCases: true });

    // An address in the body is not a way to reach someone else's row: only the token's account is changed.
    const res = await call('PUT', path, memberToken(), { newCases: false, email: 'admin@fundacion.org' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ newCases: false });
    expect((await call('GET', path, memberToken())).json()).toEqual({ newCases: false });
    expect((await call('GET', path, adminToken())).json()).toEqual({ newCases: true });
    const listed = Object.fromEntries((await directory.list()).map((m) => [m.email, m.notifyNewCases]));
    expect(listed).toMatchObject({ 'ana@fundacion.org': false, 'admin@fundacion.org': true });

    const [row] = await readAudit(api.db, { limit: 1, actionPrefix: 'account.staff.notices' });
    expect(row).toMatchObject({
      actorEmail: 'ana@fundacion.org',
      entity: 'staff_member',
      entityId: 'ana@fundacion.org',
      detail: { newCases: false, before: true },
    });

    expect((await call('PUT', path, memberToken(), { newCases: true })).json()).toEqual({ newCases: true });
    expect(Object.fromEntries((await directory.list()).map((m) => [m.email, m.notifyNewCases]))['ana@fundacion.org']).toBe(true);
  });

  it('refuses a body without the choice, and a member before the second factor', async () => {
    const bad = await call('PUT', path, memberToken(), { newCases: 'sí' });
    expect(bad.statusCode).toBe(400);
    expect((await call('PUT', path, memberToken(), {})).statusCode).toBe(400);
    expect((await call('PUT', path, tokenOf('nuevo@fundacion.org'), { newCases: false })).statusCode).toBe(403);
  });
});
