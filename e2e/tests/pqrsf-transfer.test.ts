// A real transfer (Ley 1755 de 2015, art. 21; #32), end to end in the composed site: a petitioner files a PQRSF, a team
// member transfers it from the case screen with the entity's name and e-mail; the entity's mailbox gets the cover
// letter with the case as a PDF (read back as a viewer reads it: the radicado and the request's text), the petitioner
// gets a copy with the same PDF, and the case's history shows both sendings. Then the inbox's CSV follows its search.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { readPdfText } from 'shared/server/pdf/testing';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { expectFocusOn, firstStaffSignIn, mailWhere, newStaffMember } from '../support/staff';

const stamp = Date.now();
const adminEmail = `traslado-admin-${stamp}@fundacion.org`;
const password = 'PanelSeguro2026';
const petitioner = `traslado-${stamp}@example.com`;
const entityEmail = `contactenos-${stamp}@educacion.gov.co`;
const reviews = `Solicito un cupo escolar para mi hijo en el colegio distrital ${stamp}.`;

async function file(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/community/pqrsf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rol_type: 'Estudiante',
      request_type: 'Petición',
      name: 'Rosalba',
      lastname: 'Quiñónez',
      id_type: 'Cédula de ciudadanía',
      id_number: `30${String(stamp).slice(-8)}`,
      phone_number: '3151112233',
      email: petitioner,
      reviews,
    }),
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { id: string }).id;
}

describe('transferring a PQRSF to the competent entity', () => {
  let browser: Browser;
  let page: Page;
  let close: () => Promise<void>;
  let radicado: string;
  before(async () => {
    browser = await launchBrowser();
    const opened = await openPage(browser, { width: 1280, height: 900 });
    page = opened.page;
    close = () => opened.context.close();
    const invitation = await newStaffMember(adminEmail, true);
    await page.goto('/equipo');
    await firstStaffSignIn(page, adminEmail, invitation, password);
    await waitForHeading(page, 'Hoy');
    radicado = await file();
  });
  after(async () => {
    await close?.();
    await browser?.close();
  });

  it('sends the entity the petition as a PDF, copies the petitioner, and shows both in the history', async () => {
    await page.goto(`/equipo/pqrsf/${radicado}`);
    await waitForHeading(page, `Solicitud ${radicado}`);
    const section = page.getByRole('region', { name: 'Trasladar a otra entidad' });
    // On a phone the form, with its new field, fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await section.getByLabel(/^Correo electrónico de la entidad/).waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the case fits a 390 px phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await section.getByLabel(/^Entidad competente/).fill('Secretaría de Educación');

    // Without the entity's e-mail there is no transfer.
    await section.getByRole('button', { name: 'Trasladar y enviar' }).click();
    await page
      .getByText('Escribe el correo electrónico de la entidad competente: allí le enviaremos la petición.')
      .first()
      .waitFor({ timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), []);

    await section.getByLabel(/^Correo electrónico de la entidad/).fill(entityEmail);
    await section.getByLabel(/^Nota para el historial/).fill('Cupos escolares: competencia de la Secretaría.');
    await section.getByRole('button', { name: 'Trasladar y enviar' }).click();
    await expectFocusOn(page, 'Solicitud trasladada. Enviamos la petición en PDF a la entidad y copia a la persona.');

    // The entity's mailbox: the cover letter naming the article, with the PDF of the case.
    const letter = await mailWhere((m) => m.to === entityEmail && m.subject.includes(radicado));
    assert.ok(letter, 'the entity got the transfer e-mail');
    assert.match(letter.text, /artículo 21 de la Ley 1755 de 2015/);
    assert.ok(!letter.text.includes('competencia de la Secretaría.'), 'the internal note stays in the panel');
    const [pdf] = letter.attachments ?? [];
    assert.ok(pdf, 'the letter carries an attachment');
    assert.equal(pdf.filename, `traslado-pqrsf-${radicado}.pdf`);
    assert.equal(pdf.contentType, 'application/pdf');
    const bytes = new Uint8Array(Buffer.from(pdf.content, 'base64'));
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString(), '%PDF-');
    const text = (await readPdfText(bytes)).map((p) => p.text).join('\n');
    assert.ok(text.includes(radicado), `the PDF names the radicado:\n${text}`);
    assert.ok(text.replace(/\s+/g, ' ').includes(reviews), `the PDF has the request's text:\n${text}`);

    // The petitioner's copy, with the same PDF and the entity's address.
    const copy = await mailWhere((m) => m.to === petitioner && m.subject.includes(`Trasladamos tu solicitud ${radicado}`));
    assert.ok(copy, 'the petitioner got the copy');
    assert.ok(copy.text.includes(entityEmail), copy.text);
    assert.equal(copy.attachments?.[0]?.content, pdf.content);

    // The case: transferred to the entity and its address, both sendings in the history.
    const facts = page.getByRole('region', { name: 'Estado y plazo' });
    await facts.getByText(`Trasladada a Secretaría de Educación (${entityEmail})`, { exact: false }).waitFor();
    const history = page.getByRole('table', { name: 'Cambios de estado y plazo, del primero al último' });
    await history.getByRole('rowheader', { name: 'Petición enviada a la entidad' }).waitFor();
    await history.getByRole('rowheader', { name: 'Copia del traslado a la persona' }).waitFor();
    assert.ok(((await history.textContent()) ?? '').includes(entityEmail));
    assert.deepEqual(await axeViolations(page), []);
  });

  it('exports to CSV what the inbox search finds', async () => {
    await page.goto('/equipo/pqrsf');
    await waitForHeading(page, 'PQRSF');
    await page.getByLabel('Estado', { exact: true }).selectOption('todas');
    const search = page.getByLabel(/^Buscar por radicado, nombre, documento o palabras del texto/);
    await search.fill(radicado);
    await search.press('Enter');
    await page.getByRole('link', { name: new RegExp(`^Abrir la solicitud ${radicado}`) }).waitFor({ timeout: 15_000 });
    const exportSection = page.getByRole('region', { name: 'Exportar a Excel (CSV)' });
    assert.deepEqual(await axeViolations(page), []);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportSection.getByRole('button', { name: 'Descargar CSV' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter(Boolean);
    assert.equal(lines.length, 2, `the header and the one case the search finds:\n${csv}`);
    assert.ok(lines[1]!.includes(radicado) && lines[1]!.includes(entityEmail), lines[1]);
    await page.getByText(/^Descargamos pqrsf-\d{4}-\d{2}-\d{2}\.csv\./).waitFor({ timeout: 15_000 });
  });
});
