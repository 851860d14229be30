import { afterAll, describe, expect, it } from '@jest/globals';
import type { Transporter } from 'nodemailer';
import { codeMail, createAccountApi, invitationMail, responseMail } from 'remote-account/server';
import { confirmationMail, newsletterMail, newToken } from 'remote-community/server';
import { identityMail } from 'sandbox/identity/mail';
import { testApi } from 'shared/server/api-testing';
import { migrateDomain, openDatabase, type Database } from 'shared/server/db';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createMailer, mailMigrations, type Mailer, type OutgoingMail } from 'shared/server/mailer';
import { databaseStaffDirectory } from 'shared/server/staff-directory';
import { fakeStaffAccounts, seatInDatabase, testSub } from 'shared/server/staff-testing';

/**
 * Trust boundaries, round two, row 7: certificate links, data-copy links, newsletter tokens, codes and temporary
 * passwords were readable in `mail.outbox` for 90 days. Every message of the site that carries one, sent through an
 * SMTP stand-in: the recipient gets it whole, the stored copy keeps it only until the SMTP server accepted it.
 * (The donation receipt's certificate link: remote-giving/src/certificates/server/certificates.test.ts.)
 */

const origin = 'https://fundacion.test';

/** An SMTP server that refuses everything while `down`, and keeps what it accepted. */
function smtpStandIn() {
  const accepted: string[] = [];
  const smtp = { down: true, accepted, transport: undefined as unknown as Transporter };
  smtp.transport = {
    sendMail: async (m: { subject: string; text: string; html: string; headers?: Record<string, string> }) => {
      if (smtp.down) throw new Error('421 servicio no disponible');
      accepted.push([m.subject, m.text, m.html, JSON.stringify(m.headers ?? {})].join('\n'));
      return {};
    },
  } as unknown as Transporter;
  return smtp;
}

const copyToken = newToken();
const confirmToken = newToken();
const issueToken = newToken();
const invitationToken = 'I'.repeat(43);
const copyBase = `${origin}/api/account/data-requests/copia/${copyToken}`;
/** Each message and what in it opens something. */
const messages: Array<[string, OutgoingMail, string[]]> = [
  [
    'the data-copy links',
    responseMail({
      to: 'titular@example.com',
      radicado: 'DP-2026-000123',
      text: 'Adjuntamos la copia.',
      at: new Date(),
      copy: { pdfUrl: `${copyBase}/datos.pdf`, jsonUrl: `${copyBase}/datos.json`, expiresAt: new Date(Date.now() + 86_400_000) },
    }),
    [copyToken],
  ],
  [
    'a data request code and its link',
    codeMail('titular@example.com', '482913', 15, { url: `${origin}/datos-personales?token=${copyToken}x`, hours: 24 }),
    ['482913', `${copyToken}x`],
  ],
  ['the newsletter confirmation token', confirmationMail(origin, 'lector@example.com', confirmToken), [confirmToken]],
  [
    'the newsletter unsubscribe token (body and List-Unsubscribe header)',
    newsletterMail(origin, 'lector@example.com', { subject: 'Novedades', body: 'Hola a todos.' }, issueToken),
    [issueToken],
  ],
  [
    'a staff invitation’s one-time link',
    invitationMail(origin, {
      to: 'equipo@fundacion.localhost',
      name: 'Equipo de la fundación',
      roles: ['admin'],
      by: null,
      token: invitationToken,
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      existingAccount: false,
    }),
    [invitationToken],
  ],
  [
    'the identity provider’s reset code',
    identityMail({ kind: 'ForgotPassword', to: 'ana@example.com', code: '551177', name: 'Ana' }, origin),
    ['551177'],
  ],
  [
    'the identity provider’s temporary password',
    identityMail({ kind: 'AdminCreateUser', to: 'ana@example.com', code: 'Temp-Pass-9921', name: null }, origin),
    ['Temp-Pass-9921'],
  ],
];

describe('secrets in the stored copy of sent e-mails', () => {
  let database: Database | undefined;
  let mailer: Mailer | undefined;
  afterAll(async () => {
    mailer?.close();
    await database?.close();
  });

  const storedRows = async () => JSON.stringify(await database!.db.selectFrom('mail.outbox').selectAll().execute());

  it('keeps each while the SMTP server refuses the message, and none once it accepted it; the recipient gets them whole', async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await migrateDomain(database.db, mailMigrations);
    const smtp = smtpStandIn();
    mailer = createMailer({ db: database.db, transport: smtp.transport, retryBaseMs: 50 });
    for (const [, mail] of messages) await mailer.send(mail);
    await mailer.flush();

    let stored = await storedRows();
    for (const [what, , secrets] of messages) for (const secret of secrets) expect([what, stored.includes(secret)]).toEqual([what, true]);

    smtp.down = false;
    await new Promise((r) => setTimeout(r, 120));
    await mailer.flush();
    expect(smtp.accepted).toHaveLength(messages.length);
    stored = await storedRows();
    expect(stored).not.toContain('"status":"pending"');
    const delivered = smtp.accepted.join('\n');
    for (const [what, , secrets] of messages)
      for (const secret of secrets) {
        expect([what, stored.includes(secret)]).toEqual([what, false]);
        expect([what, delivered.includes(secret)]).toEqual([what, true]);
      }
    // Pages anyone may open stay in the copy (the sign-in page); an invitation's link does not.
    expect(stored).toContain(`${origin}/login`);
    expect(stored).not.toContain(`${origin}/equipo/invitacion#`);
  });

  it("keeps no staff invitation link once delivered: the stored copy cannot accept anyone's invitation", async () => {
    const identity = createTestIdentity();
    const accounts = fakeStaffAccounts();
    const smtp = smtpStandIn();
    smtp.down = false;
    const api = await testApi(createAccountApi(), {
      identity: identity.verifier,
      staff: (db) => databaseStaffDirectory(db, accounts),
      mailTransport: smtp.transport,
    });
    try {
      await seatInDatabase(api.db, accounts, { email: 'admin@fundacion.org', roles: ['admin'] });
      const admin = identity.token(
        { sub: testSub('admin@fundacion.org'), email: 'admin@fundacion.org' },
        { 'cognito:username': 'admin@fundacion.org' },
      );
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/account/staff/members',
        headers: { authorization: `Bearer ${admin}` },
        payload: { email: 'carla@fundacion.org', name: 'Carla Díaz', roles: ['atencion'] },
      });
      expect(res.statusCode).toBe(201);
      await api.mailer.flush();
      const token = /\/equipo\/invitacion#([A-Za-z0-9_-]{43})/.exec(smtp.accepted.join('\n'))?.[1] ?? '';
      expect(token).not.toBe('');
      const [row] = await api.db.selectFrom('mail.outbox').selectAll().where('to_address', '=', 'carla@fundacion.org').execute();
      expect(row?.status).toBe('sent');
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row?.text_body).toContain('[enlace retirado después del envío]');
    } finally {
      await api.close();
    }
  });
});
