// Refunds from the panel (#31) in the composed site: a signed-in student pays a course on the payment stand-in; a
// Finanzas member finds the enrolment in /equipo/inscripciones and refunds it in full after the confirmation naming the
// amount and the student; the stand-in shows the payment refunded, the student gets the e-mail, and Mis Cursos shows
// the course as "Reembolsado" with its explanation instead of "Aún no tienes cursos inscritos".
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';
import { fillEnrolment, payWith, sandboxUrl } from '../support/enrolment';
import { signedInAccount, signIn } from '../support/identity';
import { expectFocusOn, firstStaffSignIn, mailMatching, newStaffMember } from '../support/staff';

const stamp = Date.now();
const memberEmail = `reembolsos-${stamp}@fundacion.org`;

describe('refunds from the panel', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('Finanzas refunds a paid course in full: the stand-in, the student’s e-mail and Mis Cursos all say so', async () => {
    const account = await signedInAccount('Ana Pérez');
    const student = await openPage(browser, { width: 390, height: 844 });
    await signIn(student.page, account);
    await fillEnrolment(student.page, null);
    await payWith(student.page, 'APRO');
    await mailMatching(account.email, /(Recibimos tu pago)/);

    const invitation = await newStaffMember(memberEmail, ['finanzas']);
    const staff = await openPage(browser, { width: 1280, height: 900 });
    const { page } = staff;
    await page.goto('/equipo/inscripciones');
    await firstStaffSignIn(page, memberEmail, invitation, 'PanelSeguro2026');
    await waitForHeading(page, 'Inscripciones');
    await page.getByLabel('Buscar por nombre, documento, correo o referencia').fill(account.email);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    const list = page.getByRole('table', { name: /Inscripciones: 1 de 1/ });
    await list.waitFor({ timeout: 15_000 });
    await list.getByRole('link').first().click();
    await waitForHeading(page, /^Inscripción de /);
    const reference = new URL(page.url()).pathname.split('/').pop() ?? '';

    await page.getByRole('button', { name: 'Reembolsar', exact: true }).click();
    await page.getByRole('radio', { name: /Todo lo que queda/ }).check();
    await page.getByLabel(/^Motivo/).fill('El estudiante pidió la devolución antes de iniciar clases.');
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: 'Revisar el reembolso' }).click();
    const dialog = page.getByRole('dialog', { name: /^¿Reembolsar \$ [\d.]+\?$/ });
    await expectFocusOn(page, 'Cancelar');
    assert.match(await dialog.innerText(), /a Ana Pérez por Desarrollo de Software/);
    assert.deepEqual(await axeViolations(page), []);
    // The confirmation on a phone: nothing sideways, the same checks, then back to the desk's width.
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll at 390 px');
    assert.ok(await dialog.getByRole('button', { name: /^Sí, reembolsar/ }).isVisible());
    assert.deepEqual(await axeViolations(page), []);
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: /^Sí, reembolsar/ }).click();
    await expectFocusOn(page, /^Se reembolsaron \$ [\d.]+ a Ana Pérez\. Le enviamos un correo\.$/);
    await staff.context.close();

    // The stand-in refunded it through its refund API.
    const payments = (await (await fetch(`${sandboxUrl}/sandbox/payments.json`)).json()) as Array<{
      external_reference: string | null;
      status: string;
      transaction_amount: number;
      transaction_amount_refunded: number;
    }>;
    const paid = payments.find((p) => p.external_reference === reference);
    assert.equal(paid?.status, 'refunded');
    assert.equal(paid?.transaction_amount_refunded, paid?.transaction_amount);

    // The student's e-mail: the course refunded, and that the bank may take some days.
    await mailMatching(account.email, /(Reembolsamos el pago de tu inscripción a Desarrollo de Software)/);
    await mailMatching(account.email, /(puede tardar algunos días hábiles)/);

    await student.page.goto('/mis-cursos');
    await waitForHeading(student.page, 'Mis Cursos');
    const card = student.page.getByRole('listitem').filter({ hasText: 'Desarrollo de Software' });
    await card.getByText('Reembolsado').waitFor({ timeout: 15_000 });
    await card.getByText(/Te devolvimos el dinero de este curso/).waitFor();
    assert.equal(await student.page.getByRole('heading', { name: 'Aún no tienes cursos inscritos' }).count(), 0);
    assert.deepEqual(await axeViolations(student.page), []);
    await student.context.close();
  });
});
