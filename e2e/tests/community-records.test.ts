// A community record's case file (#32), in the composed site against the identity emulator: a team member opens a
// volunteer who registered on the site, sees the links to write, call and WhatsApp, records two contacts (both stay in
// the history, newest first), writes a reply, previews it and sends it — and the e-mail arrives in the mailbox in the
// foundation's template, and the history shows it as an outgoing message. The reply carries a PDF (#32): the history
// lists it with an (audited) download, and the link in the e-mail gives the person the same bytes without signing in.
// Axe-clean, and it fits a 390 px phone.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { expectFocusOn, firstStaffSignIn, mailWhere, newStaffMember } from '../support/staff';

const stamp = Date.now();
const memberEmail = `registros-${stamp}@fundacion.org`;
const password = 'PanelSeguro2026';
const pdf = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% carta ${stamp}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const linkPattern = /https?:\/\/\S+\/api\/community\/registros\/adjuntos\/[A-Za-z0-9_-]{43}/g;

const volunteer = {
  data_authorization: true,
  volunteer_name: 'Inés Lucía',
  volunteer_lastname: 'Mejía Peña',
  id_type: 'Cédula de ciudadanía',
  id_number: '52.345.678',
  age: '29',
  address: 'Calle 45 # 13-20, Bogotá',
  phone_number: '310 555 1234',
  email: `ines-${stamp}@example.com`,
  institution: 'Universidad Nacional',
  purposes: 'Apoyar los talleres.',
  activities: 'Acompañamiento escolar.',
};

describe("a community record's case file (community remote)", () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('keeps two contacts in the history and e-mails a previewed reply that arrives in the mailbox', async () => {
    const res = await fetch(`${baseUrl}/api/community/volunteers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(volunteer),
    });
    assert.equal(res.status, 201);
    const { volunteer_id: id } = (await res.json()) as { volunteer_id: string };
    const invitation = await newStaffMember(memberEmail, ['comunidad']);

    const { context, page, errors } = await openPage(browser, { width: 1280, height: 900 });
    try {
      await page.goto(`/equipo/comunidad/voluntarios/${id}`);
      await firstStaffSignIn(page, memberEmail, invitation, password);
      await waitForHeading(page, `Voluntario n.º ${id}`);
      await page.getByText('Pendiente de contactar: nadie ha registrado un contacto con esta persona.').waitFor();

      // The ways to reach her: mailto, tel and WhatsApp built from the Colombian mobile.
      assert.equal(
        await page.getByRole('link', { name: `Escribir a ${volunteer.email}` }).getAttribute('href'),
        `mailto:${volunteer.email}`,
      );
      assert.equal(await page.getByRole('link', { name: 'Llamar al 310 555 1234' }).getAttribute('href'), 'tel:+573105551234');
      assert.equal(await page.getByRole('link', { name: 'WhatsApp al 310 555 1234' }).getAttribute('href'), 'https://wa.me/573105551234');
      assert.deepEqual(await axeViolations(page), []);

      // Two contacts, the second by keyboard; neither replaces the other.
      await page.getByLabel(/^Canal/).selectOption('telefono');
      await page.getByLabel(/^Nota \(opcional\)/).fill('Llamé; no contestó.');
      await page.getByRole('button', { name: 'Guardar el contacto' }).click();
      await expectFocusOn(page, 'Se guardó el contacto en el historial.');
      await page.getByLabel(/^Canal/).selectOption('whatsapp');
      await page.getByLabel(/^Nota \(opcional\)/).focus();
      await page.keyboard.type('Le escribí; empieza el sábado.');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByText(/Contactado: 2 contactos/).waitFor();
      // The entries only: a reply's files are a list of their own inside its entry.
      const history = page.getByRole('list', { name: 'Historial' }).locator(':scope > li');
      assert.equal(await history.count(), 2);
      assert.match((await history.nth(0).textContent()) ?? '', /^Contacto por WhatsApp .*por registros-.*Le escribí; empieza el sábado\.$/);
      assert.match((await history.nth(1).textContent()) ?? '', /^Contacto por Teléfono .*Llamé; no contestó\.$/);

      // A reply: written, previewed as it will be sent, then sent.
      await page.getByLabel(/^Asunto/).fill(`Tu voluntariado ${stamp}`);
      await page.getByLabel(/^Mensaje/).fill('Te esperamos el sábado a las 9 en la sede.\nTrae tu documento.');
      const reply = page.getByRole('region', { name: 'Responder por correo' });
      await reply
        .getByLabel('Adjuntar archivos (opcional)')
        .setInputFiles({ name: 'carta bienvenida.pdf', mimeType: 'application/pdf', buffer: pdf });
      await reply.getByRole('button', { name: 'Quitar carta bienvenida.pdf' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Revisar el correo' }).click();
      await expectFocusOn(page, 'Así se verá el correo');
      const preview = (await page.locator('.community-preview').textContent()) ?? '';
      assert.match(preview, /Te esperamos el sábado a las 9 en la sede\./);
      assert.match(preview, /Con cariño,/);
      await page.getByText('Se enviará con 1 archivo adjunto.').waitFor();
      assert.deepEqual(await axeViolations(page), []);
      await page.getByRole('button', { name: 'Enviar el correo' }).click();
      await expectFocusOn(page, 'Se envió el correo y quedó en el historial.');
      assert.match((await history.nth(0).textContent()) ?? '', /^Respuesta por correo .*Asunto: Tu voluntariado/);
      assert.equal(await history.count(), 3);

      const mail = await mailWhere((m) => m.to === volunteer.email && m.subject.startsWith(`Tu voluntariado ${stamp}`));
      assert.ok(mail, 'the reply reached the mailbox');
      assert.match(mail.text, /^Hola:/);
      assert.match(mail.text, /Trae tu documento\./);
      assert.match(mail.text, new RegExp(`n\\.º ${id}`));
      assert.match(mail.text, /Te esperamos el sábado a las 9 en la sede\./);

      // The team downloads the file back from the history (an audited read).
      const [staffCopy] = await Promise.all([
        page.waitForEvent('download'),
        history.nth(0).getByRole('button', { name: 'Descargar carta bienvenida.pdf' }).click(),
      ]);
      assert.ok((await readFile((await staffCopy.path()) ?? '')).equals(pdf), 'the team gets the bytes uploaded');

      // The person opens the e-mail's link with nobody signed in: the very same bytes.
      assert.match(mail.text, /carta bienvenida\.pdf/);
      const links = mail.text.match(linkPattern) ?? [];
      assert.equal(links.length, 1, mail.text);
      const link = new URL(links[0] ?? '');
      const visitor = await openPage(browser, { width: 390, height: 844 });
      try {
        const [download] = await Promise.all([visitor.page.waitForEvent('download'), visitor.page.goto(link.pathname).catch(() => null)]);
        assert.equal(download.suggestedFilename(), 'carta bienvenida.pdf');
        assert.ok((await readFile((await download.path()) ?? '')).equals(pdf), 'the person gets the bytes uploaded');
      } finally {
        await visitor.context.close();
      }
      const madeUp = await fetch(`${baseUrl}/api/community/registros/adjuntos/${'A'.repeat(43)}`, { headers: { accept: 'text/html' } });
      assert.equal(madeUp.status, 404);
      assert.match(await madeUp.text(), /Este enlace de descarga no existe/);

      // After a reload the history is the server's: both contacts and the reply.
      await page.reload();
      await waitForHeading(page, `Voluntario n.º ${id}`);
      await page.getByText(/Contactado: 3 contactos/).waitFor();
      assert.equal(await page.getByRole('list', { name: 'Historial' }).locator(':scope > li').count(), 3);
      await history.nth(0).getByRole('button', { name: 'Descargar carta bienvenida.pdf' }).waitFor();

      // On a phone the page does not scroll sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the record fits a 390 px phone');
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
