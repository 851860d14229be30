// Security review of #28 (h-attack): the sender of the site's e-mails comes from the published foundation data.
// Two findings, both in shared/server/mailer.ts `createMailer` (`const from = \`"${site.name}" <${site.contact.email}>\``):
// the sender is read once when the mailer is made (a publication does not change it until a restart), and it is a
// string nodemailer parses, so a published name with a double quote (the schema's 'line' format allows it) can name
// another mailbox as the sender of every e-mail.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import nodemailer, { type Transporter } from 'nodemailer';
import { foundationDefaults } from '../config/site';
import { FOUNDATION_DOCUMENT, foundationDataSchema } from '../foundation/schema';
import { resetPublishedSnapshot, setPublishedSnapshot } from '../publishing/snapshot';
import { migrateDomain, type Database } from './db';
import { createMailer, mailMigrations, type Mailer } from './mailer';
import { renderMail } from './mail-template';
import { testDatabases } from './test-databases';

/** A transport that builds the message as SMTP would and keeps the envelope's sender and the From header. */
function recordingTransport() {
  const json = nodemailer.createTransport({ jsonTransport: true });
  const sent: Array<{ envelopeFrom: string; from: unknown }> = [];
  const transport = {
    sendMail: async (mail: Parameters<Transporter['sendMail']>[0]) => {
      const info = (await json.sendMail(mail)) as { envelope: { from: string }; message: string };
      sent.push({ envelopeFrom: info.envelope.from, from: (JSON.parse(info.message) as { from: unknown }).from });
      return info;
    },
  } as unknown as Transporter;
  return { transport, sent };
}

const publish = (changes: { name?: string; email?: string }) => {
  const body = foundationDataSchema.parse({
    ...foundationDefaults,
    ...(changes.name ? { name: changes.name } : {}),
    contact: { ...foundationDefaults.contact, ...(changes.email ? { email: changes.email } : {}) },
  });
  setPublishedSnapshot({ version: `test-${Math.random()}`, documents: { [FOUNDATION_DOCUMENT]: body } });
};

// On one database: the sender does not depend on the engine (mailer.test.ts runs the outbox on each).
describe('the sender of the site e-mails, from the published foundation data', () => {
  let database: Database;
  let mailer: Mailer | undefined;
  beforeAll(async () => {
    database = await (testDatabases[0]?.[1] ?? (() => Promise.reject(new Error('sin base de datos de prueba'))))();
    await migrateDomain(database.db, mailMigrations);
  });
  afterAll(async () => database.close());
  afterEach(async () => {
    mailer?.close();
    mailer = undefined;
    await database.db.deleteFrom('mail.outbox').execute();
    resetPublishedSnapshot();
  });

  it('a published name with a double quote cannot name another mailbox as the sender', async () => {
    publish({ name: 'Fundación X" <soporte@otro-dominio.example>, "Y' });
    const { transport, sent } = recordingTransport();
    mailer = createMailer({ db: database.db, transport });
    await mailer.send(renderMail({ to: 'donante@example.com', subject: 'Recibo', paragraphs: ['Gracias'] }));
    await mailer.flush();
    expect(sent[0]?.envelopeFrom).toBe(foundationDefaults.contact.email);
  });

  it('a publication of a new contact address changes the sender without a restart', async () => {
    const { transport, sent } = recordingTransport();
    mailer = createMailer({ db: database.db, transport });
    publish({ name: 'Fundación Nueva', email: 'hola@fundacion-nueva.org' });
    await mailer.send(renderMail({ to: 'donante@example.com', subject: 'Recibo', paragraphs: ['Gracias'] }));
    await mailer.flush();
    expect(sent[0]?.envelopeFrom).toBe('hola@fundacion-nueva.org');
    expect(sent[0]?.from).toEqual({ address: 'hola@fundacion-nueva.org', name: 'Fundación Nueva' });
  });
});
