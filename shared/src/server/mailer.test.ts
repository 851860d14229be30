import { afterEach, describe, expect, it } from '@jest/globals';
import type { Transporter } from 'nodemailer';
import { migrateDomain, type Database } from './db';
import { createMailer, mailMigrations, type Mailer } from './mailer';
import { renderMail } from './mail-template';
import { testDatabases } from './test-databases';

describe.each(testDatabases)('mailer on %s', (_name, open) => {
  let database: Database | undefined;
  let mailer: Mailer | undefined;
  afterEach(async () => {
    mailer?.close();
    await database?.close();
    database = mailer = undefined;
  });

  it('keeps sent messages in the local mailbox, newest first, with the foundation name', async () => {
    database = await open();
    await migrateDomain(database.db, mailMigrations);
    mailer = createMailer({ db: database.db });
    await mailer.send(renderMail({ to: 'a@example.com', subject: 'Primero', paragraphs: ['Hola'] }));
    await mailer.send(
      renderMail({ to: 'b@example.com', subject: 'Segundo', paragraphs: ['<b>no es html</b>'], details: [['Valor', '$ 20.000']] }),
    );
    await mailer.flush();
    const box = await mailer.list();
    expect(box.map((m) => m.to)).toEqual(['b@example.com', 'a@example.com']);
    expect(box[0]?.subject).toMatch(/^Segundo - Fundación/);
    expect(box[0]?.status).toBe('sent');
    expect(box[0]?.html).toContain('&lt;b&gt;no es html&lt;/b&gt;');
    expect(box[0]?.text).toContain('Valor: $ 20.000');
  });

  it('keeps extra header fields in the outbox and hands them to the transport, dropping injected ones (#15)', async () => {
    database = await open();
    await migrateDomain(database.db, mailMigrations);
    const seen: Array<Record<string, unknown>> = [];
    const transport = { sendMail: async (m: Record<string, unknown>) => (seen.push(m), {}) } as unknown as Transporter;
    mailer = createMailer({ db: database.db, transport });
    await mailer.send({
      ...renderMail({ to: 'h@example.com', subject: 'Boletín', paragraphs: ['Hola'] }),
      headers: {
        'List-Unsubscribe': '<https://sitio.test/baja?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'X-Inyectado': 'a\r\nBcc: victima@example.com',
        Bcc: 'victima@example.com',
        'Mal nombre': 'x',
      },
    });
    await mailer.flush();
    const expected = { 'List-Unsubscribe': '<https://sitio.test/baja?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    expect((await mailer.list())[0]?.headers).toEqual(expected);
    expect(seen[0]?.headers).toEqual(expected);
  });

  it('retries a failed delivery later and never throws to the caller', async () => {
    database = await open();
    await migrateDomain(database.db, mailMigrations);
    let calls = 0;
    const flaky = {
      sendMail: async () => {
        calls += 1;
        if (calls === 1) throw new Error('SMTP caído');
        return {};
      },
    } as unknown as Transporter;
    mailer = createMailer({ db: database.db, transport: flaky, retryBaseMs: 300 });
    await mailer.send(renderMail({ to: 'c@example.com', subject: 'Recibo', paragraphs: ['Gracias'] }));
    await mailer.flush();
    expect((await mailer.list())[0]?.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 350));
    await mailer.flush();
    expect((await mailer.list())[0]?.status).toBe('sent');
    expect(calls).toBe(2);
  });

  it('delivers each message once when several services share the outbox', async () => {
    database = await open();
    await migrateDomain(database.db, mailMigrations);
    const sent: string[] = [];
    // The transport gets an address object, so nothing in the address is parsed as a display name or a list.
    const counting = { sendMail: async (m: { to: { address: string } }) => void sent.push(m.to.address) } as unknown as Transporter;
    const a = createMailer({ db: database.db, transport: counting });
    const b = createMailer({ db: database.db, transport: counting });
    mailer = a;
    for (let i = 0; i < 12; i++) await a.send(renderMail({ to: `m${i}@example.com`, subject: 'Hola', paragraphs: [] }));
    await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);
    b.close();
    expect(sent.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `m${i}@example.com`).sort());
  });

  it('swallows a queueing failure (the visitor request must not fail because of mail)', async () => {
    database = await open();
    mailer = createMailer({ db: database.db }); // no migration: the outbox table does not exist
    await expect(mailer.send(renderMail({ to: 'd@example.com', subject: 'X', paragraphs: [] }))).resolves.toBeUndefined();
  });
});
