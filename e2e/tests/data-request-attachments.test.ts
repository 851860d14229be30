// Attachments on a data subject's request's answer (#32), end to end in the composed site: a member of «datos»
// answers a request with a PDF attached (a page renamed .pdf is refused in Spanish) and downloads it back from the
// request; the person opens the link in the answer e-mail and downloads the very same bytes; a made-up link is refused
// with a Spanish page.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Download, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { confirmedAccount } from '../support/identity';
import { expectFocusOn, firstStaffSignIn, mailWhere, newStaffMember } from '../support/staff';

const stamp = Date.now();
const memberEmail = `adjuntos-datos-${stamp}@fundacion.org`;
const person = `titular-adjuntos-${stamp}@example.com`;
const answer = 'Hola, Martina: adjuntamos la constancia de la rectificación de tus datos.';
const pdf = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% constancia ${stamp}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const linkPattern = /https?:\/\/\S+\/api\/account\/data-requests\/adjuntos\/[A-Za-z0-9_-]{43}/g;

/** A correction request filed by a signed-in person with a verified address (no code needed). */
async function file(): Promise<string> {
  const token = await confirmedAccount(person, 'ClaveSegura2026', 'Martina Ñáñez');
  const res = await fetch(`${baseUrl}/api/account/data-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      kind: 'correccion',
      name: 'Martina Ñáñez',
      email: person,
      details: 'Mi apellido está mal escrito.',
      correction: 'Es Ñáñez, con eñes.',
    }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { radicado: string }).radicado;
}

const bytesOf = async (download: Download) => readFile((await download.path()) ?? '');

describe('data request attachments', () => {
  let browser: Browser;
  let page: Page;
  let close: () => Promise<void>;
  before(async () => {
    browser = await launchBrowser();
    const opened = await openPage(browser, { width: 1280, height: 900 });
    page = opened.page;
    close = () => opened.context.close();
    const invitation = await newStaffMember(memberEmail, ['datos']);
    await page.goto('/equipo');
    await firstStaffSignIn(page, memberEmail, invitation, 'PanelSeguro2026');
    await waitForHeading(page, 'Hoy');
  });
  after(async () => {
    await close?.();
    await browser?.close();
  });

  it('answers with a PDF attached; the person downloads it from the e-mail’s link', async () => {
    const radicado = await file();
    await page.goto(`/equipo/datos-personales/${radicado}`);
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

    await picker.setInputFiles({ name: 'constancia rectificación.pdf', mimeType: 'application/pdf', buffer: pdf });
    await respond.getByRole('button', { name: 'Quitar constancia rectificación.pdf' }).waitFor({ timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), []);

    await respond.getByRole('button', { name: 'Enviar la respuesta', exact: true }).click();
    await expectFocusOn(page, 'Respuesta enviada. La solicitud quedó «Respondida».');

    // The team downloads it back from the request (an audited read).
    const [staffCopy] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar constancia rectificación.pdf' }).click(),
    ]);
    assert.equal(staffCopy.suggestedFilename(), 'constancia rectificación.pdf');
    assert.ok((await bytesOf(staffCopy)).equals(pdf), 'the team gets the bytes uploaded');

    const mail = await mailWhere((m) => m.to === person && m.subject.includes(radicado) && m.text.includes(answer));
    assert.ok(mail, 'the person was sent the answer');
    assert.ok(mail.text.includes('constancia rectificación.pdf'), mail.text);
    assert.ok(mail.text.includes('vencen en 30 días'), mail.text);
    const links = mail.text.match(linkPattern) ?? [];
    assert.equal(links.length, 1, mail.text);
    const link = new URL(links[0] ?? '');

    // The person, in a browser with nobody signed in, opens the link: the file downloads, byte for byte.
    const visitor = await openPage(browser, { width: 390, height: 844 });
    try {
      const [download] = await Promise.all([visitor.page.waitForEvent('download'), visitor.page.goto(link.pathname).catch(() => null)]);
      assert.equal(download.suggestedFilename(), 'constancia rectificación.pdf');
      assert.ok((await bytesOf(download)).equals(pdf), 'the person gets the bytes uploaded');

      const headers = await fetch(`${baseUrl}${link.pathname}`);
      assert.equal(headers.status, 200);
      assert.equal(headers.headers.get('content-type'), 'application/pdf');
      assert.equal(headers.headers.get('x-content-type-options'), 'nosniff');
      assert.match(headers.headers.get('content-disposition') ?? '', /^attachment;/);

      // A made-up token is a Spanish page, not a file.
      const made = await fetch(`${baseUrl}/api/account/data-requests/adjuntos/${'A'.repeat(43)}`, { headers: { accept: 'text/html' } });
      assert.equal(made.status, 404);
      assert.match(await made.text(), /Este enlace de descarga no existe/);
    } finally {
      await visitor.context.close();
    }
  });
});
