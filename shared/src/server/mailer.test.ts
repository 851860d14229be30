import { afterEach, describe, expect, it } from '@jest/globals';
import type { Transporter } from 'nodemailer';
import { migrateDomain, type Database } from './db';
import { createMailer, mailMigrations, REDACTED_LINK, REDACTED_SECRET, type Mailer } from './mailer';
import { renderMail, SECRET } from './mail-template';
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

  it("keeps a message's files in the outbox and sends the same bytes on a retry; malformed ones are dropped (#32)", async () => {
    database = await open();
    await migrateDomain(database.db, mailMigrations);
    const seen: Array<Array<{ filename: string; contentType: string; content: string; encoding: string }>> = [];
    let calls = 0;
    const flaky = {
      sendMail: async (m: { attachments?: (typeof seen)[number] }) => {
        calls += 1;
        seen.push(m.attachments ?? []);
        if (calls === 1) throw new Error('SMTP caído');
        return {};
      },
    } as unknown as Transporter;
    mailer = createMailer({ db: database.db, transport: flaky, retryBaseMs: 300 });
    const bytes = new TextEncoder().encode('%PDF-1.7 traslado 2026');
    await mailer.send({
      ...renderMail({ to: 'entidad@example.gov.co', subject: 'Traslado', paragraphs: ['Adjuntamos la petición.'] }),
      attachments: [
        { filename: 'traslado.pdf', contentType: 'application/pdf', content: bytes },
        { filename: '../../etc/passwd', contentType: 'text/plain', content: 'aG9sYQ==' },
        { filename: 'mal.txt', contentType: 'text/plain\r\nBcc: x@example.com', content: 'aG9sYQ==' },
      ],
    });
    await mailer.flush();
    expect((await mailer.list())[0]?.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 350));
    await mailer.flush();
    const [entry] = await mailer.list();
    expect(entry?.status).toBe('sent');
    expect(calls).toBe(2);
    const expected = { filename: 'traslado.pdf', contentType: 'application/pdf', content: Buffer.from(bytes).toString('base64') };
    expect(seen).toEqual([[{ ...expected, encoding: 'base64' }], [{ ...expected, encoding: 'base64' }]]);
    // Delivered: the stored copy no longer holds the file (personal data nobody needs any more).
    expect(entry?.attachments).toBeUndefined();
    const [row] = await database.db.selectFrom('mail.outbox').select('attachments').execute();
    expect(row?.attachments).toBeNull();
  });

  it("lists a message's files with their bytes in the local mailbox, which browser tests read (#32)", async () => {
    database = await open();
    await migrateDomain(database.db, mailMigrations);
    mailer = createMailer({ db: database.db });
    const content = Buffer.from('%PDF-1.7').toString('base64');
    await mailer.send({
      ...renderMail({ to: 'entidad@example.gov.co', subject: 'Traslado', paragraphs: [] }),
      attachments: [{ filename: 'traslado.pdf', contentType: 'application/pdf', content }],
    });
    await mailer.flush();
    const [entry] = await mailer.list();
    expect(entry?.status).toBe('sent');
    expect(entry?.attachments).toEqual([{ filename: 'traslado.pdf', contentType: 'application/pdf', content }]);
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

  describe('secrets at rest (trust boundaries, round two, row 7)', () => {
    const token = 'Xk3v9QpL2mN8rT5wY7zA1bC4dE6fG0hJ_-sUoIqWeRt';
    const link = `https://sitio.test/api/giving/certificates/DON-abc?token=${token}&a=1`;
    const jsonLink = `https://sitio.test/api/account/data-requests/copia/${token}/datos.json`;
    const secretMail = () => ({
      ...renderMail({
        to: 'donante@example.com',
        subject: 'Gracias',
        paragraphs: ['Descarga tu copia en JSON: ' + jsonLink],
        details: [
          ['Valor', '$ 20.000'],
          ['Contraseña temporal', 'Temporal<&>2345', SECRET],
        ],
        action: { label: 'Descargar el certificado', url: link },
        // A link in a paragraph, and the token the header below carries (newsletter-mail.ts names it the same way).
        secrets: [jsonLink, token],
      }),
      headers: { 'List-Unsubscribe': `<https://sitio.test/api/community/newsletter/unsubscribe?token=${token}>` },
    });
    const stored = async () => {
      const row = await database!.db.selectFrom('mail.outbox').selectAll().executeTakeFirstOrThrow();
      return { row, all: JSON.stringify(row) };
    };
    const flaky = (failures: number, seen: string[] = []) => {
      let calls = 0;
      return {
        transport: {
          sendMail: async (m: { text: string; html: string; headers?: Record<string, string> }) => {
            calls += 1;
            if (calls <= failures) throw new Error(`SMTP caído: no pude entregar ${m.text}`);
            seen.push(`${m.text}\n${m.html}\n${JSON.stringify(m.headers ?? {})}`);
            return {};
          },
        } as unknown as Transporter,
        seen,
      };
    };

    it('keeps them while the message waits for a retry, and takes them out of the stored copy once SMTP accepted it', async () => {
      database = await open();
      await migrateDomain(database.db, mailMigrations);
      const { transport, seen } = flaky(1);
      mailer = createMailer({ db: database.db, transport, retryBaseMs: 300 });
      await mailer.send(secretMail());
      await mailer.flush();
      // Not delivered yet: the retry needs the link, the password and the header as they are.
      let { row, all } = await stored();
      expect(row.status).toBe('pending');
      expect(row.text_body).toContain(link);
      expect(row.text_body).toContain('Temporal<&>2345');
      expect(row.html_body).toContain('Temporal&lt;&amp;&gt;2345');
      expect(row.headers).toContain(token);
      // The SMTP error quoted the message: its stored text has no secret either.
      expect(row.last_error).toContain('SMTP caído');
      expect(row.last_error).not.toContain(token);
      expect(row.last_error).not.toContain('Temporal');

      await new Promise((r) => setTimeout(r, 350));
      await mailer.flush();
      ({ row, all } = await stored());
      expect(row.status).toBe('sent');
      // The recipient got everything, links and password intact…
      expect(seen).toHaveLength(1);
      for (const value of [link.replace('&', '&amp;'), link, jsonLink, 'Temporal<&>2345', 'Temporal&lt;&amp;&gt;2345', token])
        expect(seen[0]).toContain(value);
      // …and the stored copy keeps none of it, in any of its columns or forms.
      for (const value of [token, 'Temporal', encodeURIComponent(link)]) expect(all).not.toContain(value);
      expect(row.text_body).toContain(`Descargar el certificado: ${REDACTED_LINK}`);
      expect(row.text_body).toContain(`Descarga tu copia en JSON: ${REDACTED_LINK}`);
      expect(row.text_body).toContain(`Contraseña temporal: ${REDACTED_SECRET}`);
      expect(row.text_body).toContain('Valor: $ 20.000');
      expect(row.html_body).toContain(`href="${REDACTED_LINK}"`);
      expect(JSON.parse(row.headers!)).toEqual({
        'List-Unsubscribe': `<https://sitio.test/api/community/newsletter/unsubscribe?token=${REDACTED_SECRET}>`,
      });
      // What the mailbox lists is the stored copy.
      expect(JSON.stringify(await mailer.list())).not.toContain(token);
    });

    it('takes them out of a message it gave up on too', async () => {
      database = await open();
      await migrateDomain(database.db, mailMigrations);
      mailer = createMailer({ db: database.db, transport: flaky(99).transport, maxAttempts: 1 });
      await mailer.send(secretMail());
      await mailer.flush();
      const { row, all } = await stored();
      expect(row.status).toBe('failed');
      expect(all).not.toContain(token);
      expect(all).not.toContain('Temporal');
    });

    it('leaves the local mailbox readable (no SMTP: development and the browser tests read links there)', async () => {
      database = await open();
      await migrateDomain(database.db, mailMigrations);
      mailer = createMailer({ db: database.db });
      await mailer.send(secretMail());
      await mailer.flush();
      const [mail] = await mailer.list();
      expect(mail?.status).toBe('sent');
      expect(mail?.text).toContain(link);
      expect(mail?.text).toContain('Contraseña temporal: Temporal<&>2345');
    });

    it('marks a button public only when told: a page anyone may open stays in the copy', async () => {
      database = await open();
      await migrateDomain(database.db, mailMigrations);
      mailer = createMailer({ db: database.db, transport: flaky(0).transport });
      await mailer.send(
        renderMail({
          to: 'equipo@example.com',
          subject: 'Resumen',
          paragraphs: ['Hola'],
          action: { label: 'Abrir el panel', url: 'https://sitio.test/equipo', public: true },
        }),
      );
      await mailer.flush();
      expect((await stored()).row.text_body).toContain('Abrir el panel: https://sitio.test/equipo');
    });
  });

  it('swallows a queueing failure (the visitor request must not fail because of mail)', async () => {
    database = await open();
    mailer = createMailer({ db: database.db }); // no migration: the outbox table does not exist
    await expect(mailer.send(renderMail({ to: 'd@example.com', subject: 'X', paragraphs: [] }))).resolves.toBeUndefined();
  });
});
