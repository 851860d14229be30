// PQRSF attachments (#32), end to end in the composed site: a team member answers a petition with a PDF attached (a
// page renamed .pdf is refused in Spanish), downloads it back from the case; the petitioner opens the link in the
// answer e-mail and downloads the very same bytes; a made-up link is refused with a Spanish page; the public lookup,
// with the radicado and the document, lists the file and downloads it too.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Download, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { expectFocusOn, firstStaffSignIn, mailWhere, newStaffMember } from '../support/staff';

const stamp = Date.now();
const adminEmail = `adjuntos-admin-${stamp}@fundacion.org`;
const petitioner = `adjuntos-${stamp}@example.com`;
const password = 'PanelSeguro2026';
const answer = 'Hola, Martina: adjuntamos tu certificado de notas del módulo 1.';
const pdf = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% certificado ${stamp}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const documentNumber = `30${String(stamp).slice(-8)}`;
const linkPattern = /https?:\/\/\S+\/api\/community\/pqrsf\/adjuntos\/[A-Za-z0-9_-]{43}/g;

async function file(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/community/pqrsf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rol_type: 'Estudiante',
      request_type: 'Solicitud',
      name: 'Martina',
      lastname: 'Ñáñez',
      id_type: 'Cédula de ciudadanía',
      id_number: documentNumber,
      phone_number: '3151112233',
      email: petitioner,
      reviews: 'Necesito el certificado de notas del módulo 1.',
    }),
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { id: string }).id;
}

const bytesOf = async (download: Download) => readFile((await download.path()) ?? '');

describe('PQRSF attachments', () => {
  let browser: Browser;
  let page: Page;
  let close: () => Promise<void>;
  before(async () => {
    browser = await launchBrowser();
    const opened = await openPage(browser, { width: 1280, height: 900 });
    page = opened.page;
    close = () => opened.context.close();
    const invitation = await newStaffMember(adminEmail, true);
    await page.goto('/equipo');
    await firstStaffSignIn(page, adminEmail, invitation, password);
    await waitForHeading(page, 'Hoy');
  });
  after(async () => {
    await close?.();
    await browser?.close();
  });

  it('answers with a PDF attached; the person downloads it from the e-mail’s link', async () => {
    const radicado = await file();
    await page.goto(`/equipo/pqrsf/${radicado}`);
    await waitForHeading(page, `Solicitud ${radicado}`);
    const respond = page.getByRole('region', { name: 'Responder' });
    await respond.getByLabel(/^Respuesta para la persona/).fill(answer);
    const picker = respond.getByLabel('Adjuntar archivos (opcional)');

    // A web page named .pdf is refused by its content, in Spanish.
    await picker.setInputFiles({ name: 'truco.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>1</script></html>') });
    await respond
      .getByRole('alert')
      .getByText(/^truco\.pdf: El archivo no es de un tipo admitido/)
      .waitFor({ timeout: 15_000 });

    await picker.setInputFiles({ name: 'certificado notas.pdf', mimeType: 'application/pdf', buffer: pdf });
    await respond.getByRole('button', { name: 'Quitar certificado notas.pdf' }).waitFor({ timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), []);
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the form fits a 390 px phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await respond.getByRole('button', { name: 'Revisar y enviar', exact: true }).click();
    await page.getByText(/Se enviará con 1 archivo adjunto\./).waitFor();
    await page.getByRole('button', { name: 'Sí, enviar la respuesta' }).click();
    await expectFocusOn(page, 'Respuesta enviada. La solicitud quedó «Respondida».');

    // The team downloads it back from the case (an audited read).
    const [staffCopy] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar certificado notas.pdf' }).click(),
    ]);
    assert.equal(staffCopy.suggestedFilename(), 'certificado notas.pdf');
    assert.ok((await bytesOf(staffCopy)).equals(pdf), 'the team gets the bytes uploaded');

    const mail = await mailWhere((m) => m.to === petitioner && m.subject.includes(radicado) && m.text.includes(answer));
    assert.ok(mail, 'the petitioner was sent the answer');
    assert.ok(mail.text.includes('certificado notas.pdf'), mail.text);
    assert.ok(mail.text.includes('vencen en 30 días'), mail.text);
    const links = mail.text.match(linkPattern) ?? [];
    assert.equal(links.length, 1, mail.text);
    const link = new URL(links[0] ?? '');

    // The person, in a browser with nobody signed in, opens the link: the file downloads, byte for byte.
    const visitor = await openPage(browser, { width: 390, height: 844 });
    try {
      const [download] = await Promise.all([
        visitor.page.waitForEvent('download'),
        visitor.page.goto(`${link.pathname}`).catch(() => null),
      ]);
      assert.equal(download.suggestedFilename(), 'certificado notas.pdf');
      assert.ok((await bytesOf(download)).equals(pdf), 'the person gets the bytes uploaded');

      const headers = await fetch(`${baseUrl}${link.pathname}`);
      assert.equal(headers.status, 200);
      assert.equal(headers.headers.get('content-type'), 'application/pdf');
      assert.equal(headers.headers.get('x-content-type-options'), 'nosniff');
      assert.match(headers.headers.get('content-disposition') ?? '', /^attachment;/);

      // A made-up token is a Spanish page, not a file.
      const made = await fetch(`${baseUrl}/api/community/pqrsf/adjuntos/${'A'.repeat(43)}`, { headers: { accept: 'text/html' } });
      assert.equal(made.status, 404);
      assert.match(await made.text(), /Este enlace de descarga no existe/);

      // The public lookup lists the answer's file to whoever gives the radicado and the document, and downloads it.
      await visitor.page.goto(`/consultar-solicitud?radicado=${radicado}`);
      await waitForHeading(visitor.page, 'Consultar solicitud');
      await visitor.page.locator('main form [name="id_number"]').fill(documentNumber);
      await visitor.page.locator('main form').getByRole('button', { name: 'Consultar' }).click();
      const result = visitor.page.locator('table.record-table');
      await result.getByText('Archivos adjuntos a la respuesta').waitFor();
      const row = result.getByRole('listitem').filter({ hasText: 'certificado notas.pdf' });
      assert.match(
        (await row.textContent()) ?? '',
        /\(PDF, 1 KB\) Se puede descargar hasta el \d{1,2} de \p{L}+ de \d{4}, \d{2}:\d{2}\.$/u,
      );
      assert.deepEqual(await axeViolations(visitor.page), []);
      assert.ok(await visitor.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the list fits 390 px');
      const [fromLookup] = await Promise.all([
        visitor.page.waitForEvent('download'),
        row.getByRole('button', { name: 'Descargar certificado notas.pdf' }).click(),
      ]);
      assert.equal(fromLookup.suggestedFilename(), 'certificado notas.pdf');
      assert.ok((await bytesOf(fromLookup)).equals(pdf), 'the lookup gives the bytes uploaded');

      // The download asks for the lookup's proof again: a guessed document gets the lookup's own refusal, no file.
      const guessed = await fetch(`${baseUrl}/api/community/pqrsf/consulta/adjunto`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: radicado, id_number: '12345678', attachment: '1' }),
      });
      assert.equal(guessed.status, 404);
      assert.match(((await guessed.json()) as { message: string }).message, /No encontramos ninguna solicitud/);
    } finally {
      await visitor.context.close();
    }
  });
});
