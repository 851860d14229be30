// The staff ledgers and the donation certificates (#14) in the composed site: a donor downloads the certificate from
// the personal link of the receipt e-mail (its PDF text carries every item the tax rules ask for, and its number); a
// team member finds that donation in /equipo/donaciones without typing accents and sees the certificate; then finds a
// paid enrolment in /equipo/inscripciones, marks it 'Completado' and sends its receipt again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { site } from 'shared/foundation/site';
import { readPdfText } from 'shared/server/pdf/testing';
import { axeViolations } from '../support/axe';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';
import { donateWithCard } from '../support/donation';
import { fillEnrolment, payWith } from '../support/enrolment';
import { expectFocusOn, firstStaffSignIn, mailbox, newStaffMember } from '../support/staff';

const stamp = Date.now();
// This run's own surname: the stamp in letters (a name carries no digits).
const tag = stamp.toString(26).replace(/[0-9a-p]/g, (c) => String.fromCharCode(97 + parseInt(c, 26)));
const donor = {
  name: 'Valentina',
  lastname: `Ríos Cárdenas ${tag}`,
  idNumber: '1.098.765.432',
  email: `certificado-${stamp}@example.com`,
};
const student = `libro-${stamp}@example.com`;
const memberEmail = `libros-${stamp}@fundacion.org`;

/** The newest e-mail to `to` whose subject matches, waiting for the outbox. */
async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 40; i++) {
    const found = (await mailbox()).find((m) => m.to === to && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`);
}

describe('staff ledgers and donation certificates', () => {
  let browser: Browser;
  let staff: { page: Page; context: { close(): Promise<void> } };
  let certificateNumber = '';
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await staff?.context.close();
    await browser?.close();
  });

  it('a donor downloads the certificate from the receipt e-mail; its text carries every required item and its number', async () => {
    const visitor = await openPage(browser, { width: 390, height: 844 });
    await donateWithCard(visitor.page, donor, '$ 100.000');
    await waitForHeading(visitor.page);
    await visitor.page.getByText(/enlace personal para descargar el certificado de donación/).waitFor({ timeout: 15_000 });
    await visitor.context.close();

    const receipt = await mailTo(donor.email, /Gracias por tu donación/);
    const link = /https?:\/\/\S+\/api\/giving\/certificates\/\S+/.exec(receipt.text)?.[0];
    assert.ok(link, 'the receipt carries the certificate link');
    const res = await fetch(link);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    const [page] = await readPdfText(new Uint8Array(await res.arrayBuffer()));
    const text = page?.text ?? '';
    certificateNumber = /No\. (CD-\d{4}-\d{6})/.exec(text)?.[1] ?? '';
    assert.ok(certificateNumber, `the certificate is numbered:\n${text}`);
    for (const item of [
      'CERTIFICADO DE DONACIÓN',
      site.name,
      'NIT',
      site.legalNature,
      `Valentina ${donor.lastname}`,
      'Cédula de ciudadanía 1.098.765.432',
      'Fecha de la donación',
      '$ 100.000 COP',
      'Forma de pago',
      'Destinación',
      'Representante legal',
      'Revisor fiscal',
      'Expedido en',
      'ESPÉCIMEN',
    ])
      assert.ok(text.includes(item), `the certificate says «${item}»:\n${text}`);
    // The link is personal: a changed token gets nothing.
    const forged = await fetch(link.replace(/token=(.)/, (_, c: string) => `token=${c === 'A' ? 'B' : 'A'}`));
    assert.equal(forged.status, 404);
  });

  it('a team member finds the donation without accents and sees its certificate, with no axe violations', async () => {
    assert.ok(certificateNumber, 'the certificate was issued');
    const invitation = await newStaffMember(memberEmail);
    staff = await openPage(browser, { width: 1280, height: 900 });
    const { page } = staff;
    await page.goto('/equipo/donaciones');
    await firstStaffSignIn(page, memberEmail, invitation, 'PanelSeguro2026');
    await waitForHeading(page, 'Donaciones');
    await page.getByRole('table', { name: /aprobadas por mes/ }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Buscar por nombre, documento, correo o referencia').fill(`valentina rios cardenas ${tag}`);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    const list = page.getByRole('table', { name: /Donaciones: 1 de 1/ });
    await list.waitFor({ timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), []);
    await list.getByRole('link', { name: `Valentina ${donor.lastname}` }).click();
    await waitForHeading(page, `Donación de Valentina ${donor.lastname}`);
    const certificates = page.getByRole('table', { name: 'Certificados que incluyen esta donación' });
    await certificates.waitFor({ timeout: 15_000 });
    assert.equal(await certificates.getByRole('rowheader', { name: certificateNumber }).count(), 1);
    assert.match(await certificates.innerText(), /enlace del donante/);
    assert.deepEqual(await axeViolations(page), []);
  });

  it("a team member marks a paid enrolment 'Completado' and sends its receipt again", async () => {
    const visitor = await openPage(browser, { width: 390, height: 844 });
    await fillEnrolment(visitor.page, student);
    await payWith(visitor.page, 'APRO');
    await visitor.context.close();
    await mailTo(student, /inscripción está confirmada/);

    const { page } = staff;
    await page.goto('/equipo/inscripciones');
    await waitForHeading(page, 'Inscripciones');
    await page.getByLabel('Buscar por nombre, documento, correo o referencia').fill(student);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    const list = page.getByRole('table', { name: /Inscripciones: 1 de 1/ });
    await list.waitFor({ timeout: 15_000 });
    assert.match(await list.innerText(), /Inscrito/);
    assert.deepEqual(await axeViolations(page), []);
    await list.getByRole('link').first().click();
    await waitForHeading(page, /^Inscripción de /);
    await page.getByRole('table', { name: /Cada estado que informó la pasarela/ }).waitFor();

    await page.getByRole('button', { name: 'Marcar como completada' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Marcar esta inscripción como completada?' });
    await expectFocusOn(page, 'Cancelar');
    assert.deepEqual(await axeViolations(page), []);
    await dialog.getByRole('button', { name: 'Sí, marcar como completada' }).click();
    await expectFocusOn(page, "La inscripción quedó como 'Completado'.");

    const before = (await mailbox()).filter((m) => m.to === student).length;
    await page.getByRole('button', { name: 'Reenviar comprobante' }).click();
    await expectFocusOn(page, `Reenviamos el comprobante a ${student}.`);
    let after = before;
    for (let i = 0; i < 40 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 250));
      after = (await mailbox()).filter((m) => m.to === student).length;
    }
    assert.equal(after, before + 1, 'one more receipt went to the student');
  });
});
