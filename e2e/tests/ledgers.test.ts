// The staff ledgers and the donation certificates (#14) in the composed site: a donor downloads the certificate from
// the personal link of the receipt e-mail (its PDF text carries every item the tax rules ask for, and its number); a
// team member finds that donation in /equipo/donaciones without typing accents and sees the certificate; then finds a
// paid enrolment of a cohort that ended in /equipo/inscripciones, marks it 'Completado' (its completion certificate
// verifies on /verificar/<code>; an undo voids it) and sends its receipt again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { site } from 'shared/foundation/site';
import { readPdfText } from 'shared/server/pdf/testing';
import { bogotaDay } from 'shared/server/jobs';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { donateWithCard } from '../support/donation';
import { payWith } from '../support/enrolment';
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

  it("a team member marks an enrolment of an ended cohort 'Completado': its certificate verifies, an undo voids it; the receipt goes again", async () => {
    // Completion waits for the cohort's last class (#31): Cursos adds an Ofimática cohort that starts and ends today.
    const { page } = staff;
    const today = bogotaDay(new Date());
    await page.goto('/equipo/cursos');
    await waitForHeading(page, 'Cohortes de los cursos');
    const form = page.getByRole('form', { name: 'Nueva cohorte' });
    await form.getByLabel('Curso').selectOption('ofimatica-basica');
    await form.getByLabel(/Fecha de inicio/).fill(today);
    await form.getByLabel(/Fecha de finalización/).fill(today);
    await form.getByLabel('Horario').fill('Sábado, 8 a 12 m.');
    await form.getByLabel('Cupo').fill('30');
    await form.getByRole('button', { name: 'Crear cohorte' }).click();
    await page.getByText(/^Cohorte de .* creada\.$/).waitFor({ timeout: 15_000 });

    const visitor = await openPage(browser, { width: 390, height: 844 });
    await visitor.page.goto('/ofimatica-basica/registro');
    await waitForHeading(visitor.page, 'Inscripción: Ofimática');
    const field = (name: string) => visitor.page.locator(`main [name="${name}"]`);
    await field('student_name').fill('Ana');
    await field('student_lastname').fill('Pérez');
    await field('id_type').selectOption('Cédula de ciudadanía');
    await field('id_number').fill('1012345678');
    await field('phone_number').fill('3001234567');
    await field('email').fill(student);
    await field('profession').selectOption('Estudiante');
    await field('education').selectOption('Secundaria');
    await field('module_name').selectOption('Google Suite');
    await field('has_terms').check();
    await payWith(visitor.page, 'APRO');
    await visitor.context.close();
    await mailTo(student, /inscripción está confirmada/);

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

    // The certificate: numbered, and its public verification page (what its QR opens) says it is valid.
    const verification = page.locator('main a[href*="/verificar/"]').first();
    await verification.waitFor({ timeout: 15_000 });
    const verifyUrl = new URL((await verification.getAttribute('href')) ?? '', baseUrl);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar certificado (PDF)' }).click(),
    ]);
    const { readFile } = await import('node:fs/promises');
    const [pdf] = await readPdfText(new Uint8Array(await readFile(await download.path())));
    const certificateText = (pdf?.text ?? '').replace(/\s+/g, ' ');
    assert.match(certificateText, /CERTIFICADO DE FINALIZACIÓN/);
    const number = /FC-\d{4}-\d{6}/.exec(certificateText)?.[0];
    assert.ok(number, certificateText);
    assert.ok(certificateText.includes(verifyUrl.pathname), `${verifyUrl.pathname} in ${certificateText}`);
    const holder = await openPage(browser, { width: 390, height: 844 });
    try {
      await holder.page.goto(verifyUrl.pathname);
      await holder.page.getByRole('heading', { name: 'Certificado válido' }).waitFor({ timeout: 15_000 });
      const shown = await holder.page.locator('main').innerText();
      assert.ok(shown.includes(number), shown);
      // Name, course, date, number and state: nothing else of the student.
      for (const secret of [student, '1012345678', '3001234567']) assert.ok(!shown.includes(secret), `${secret} leaked`);
      assert.deepEqual(await axeViolations(holder.page), []);

      // The completion undone, with its reason: the same page now says the certificate was voided.
      await page.getByRole('button', { name: 'Deshacer la finalización' }).click();
      const undo = page.getByRole('dialog', { name: '¿Deshacer la finalización de esta inscripción?' });
      await undo.getByLabel(/^Motivo/).fill('Se marcó por error: le falta el último módulo.');
      await undo.getByRole('button', { name: 'Sí, deshacer y anular el certificado' }).click();
      await expectFocusOn(page, 'La finalización se deshizo y el certificado quedó anulado.');
      await holder.page.reload();
      await holder.page.getByRole('heading', { name: 'Certificado anulado' }).waitFor({ timeout: 15_000 });
      assert.ok(!(await holder.page.locator('main').innerText()).includes('le falta el último módulo'), 'the reason stays private');
    } finally {
      await holder.context.close();
    }

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
