// Course cohorts (#14) in the composed site: a team member creates a 1-seat cohort of Marketing Digital in the panel
// (earlier than the local site's demo cohort, so it is the next one); the course page shows its start date; a visitor
// pays for it through the sandbox; a second visitor sees it is full before filling or paying; a seat held by an Efecty
// ticket left unpaid is freed at the ticket's deadline (its buyer is e-mailed) and sold to the next visitor; a
// full-course enrolment is charged the course's total (349.000) on the sandbox's checkout.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { formatLongDate } from 'shared/format/dates';
import { bogotaDay } from 'shared/server/jobs';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { fillEnrolment, sandboxUrl } from '../support/enrolment';
import { mailsTo, uniqueEmail } from '../support/identity';
import { expectFocusOn, firstStaffSignIn, newStaffMember } from '../support/staff';

const stamp = Date.now();
const memberEmail = `cohortes-${stamp}@fundacion.org`;
const password = 'PanelSeguro2026';
/** A week from today in Bogotá: earlier than the demo cohort (8 weeks ahead). */
const startDate = bogotaDay(new Date(Date.now() + 7 * 86_400_000));
const startText = formatLongDate(startDate);

async function fillMarketing(page: Page, email: string) {
  await page.goto('/marketing-digital/registro');
  await waitForHeading(page, 'Inscripción: Marketing');
  const field = (name: string) => page.locator(`main [name="${name}"]`);
  await field('student_name').fill('Luz');
  await field('student_lastname').fill('Ortiz');
  await field('id_type').selectOption('Cédula de ciudadanía');
  await field('id_number').fill('52123456');
  await field('phone_number').fill('3104567890');
  await field('email').fill(email);
  await field('profession').selectOption('Emprendedor');
  await field('education').selectOption('Universitario');
  await field('module_name').selectOption('Introducción al Marketing Digital');
  await field('has_terms').check();
}

describe('course cohorts (courses remote)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('a 1-seat cohort made in the panel is shown, paid once, then full before the second visitor pays', async () => {
    const invitation = await newStaffMember(memberEmail);
    const staff = await openPage(browser, { width: 1280, height: 900 });
    try {
      await staff.page.goto('/equipo/cursos');
      await firstStaffSignIn(staff.page, memberEmail, invitation, password);
      await waitForHeading(staff.page, 'Cohortes de los cursos');
      await staff.page.getByRole('table', { name: 'Cohortes de Marketing Digital y Diseño Gráfico' }).waitFor({ timeout: 15_000 });
      const form = staff.page.getByRole('form', { name: 'Nueva cohorte' });
      await form.getByLabel('Curso').selectOption('marketing-digital');
      await form.getByLabel(/Fecha de inicio/).fill(startDate);
      await form.getByLabel('Horario').fill('Martes y jueves, 6 a 8 p. m.');
      await form.getByLabel('Cupo').fill('1');
      await form.getByLabel('Instrucciones de acceso').fill('Enlace de la clase: https://clase.example/mkt');
      await form.getByRole('button', { name: 'Crear cohorte' }).click();
      await expectFocusOn(staff.page, `Cohorte de Marketing Digital y Diseño Gráfico del ${startText} creada.`);
      const row = staff.page
        .getByRole('table', { name: 'Cohortes de Marketing Digital y Diseño Gráfico' })
        .getByRole('row', { name: new RegExp(startText) });
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', /Martes y jueves/);
      assert.deepEqual(await axeViolations(staff.page), []);
    } finally {
      await staff.context.close();
    }

    // The course page: the new cohort's date, one seat.
    const first = await openPage(browser);
    await first.page.goto('/marketing-digital');
    await waitForHeading(first.page, 'Marketing Digital');
    await first.page.locator('.facts').getByText(startText).waitFor({ timeout: 15_000 });
    assert.match(await first.page.locator('.facts').innerText(), /Queda 1 cupo/);
    assert.doesNotMatch(await first.page.locator('.facts').innerText(), /marzo de 2025/);

    // The first visitor pays (sandbox, approved) and the receipt names the start date.
    await fillMarketing(first.page, uniqueEmail('cohorte-uno'));
    await first.page.locator('.enrol-summary').getByText(startText).waitFor();
    await first.page.getByRole('button', { name: /Proceder al Pago/ }).click();
    await first.page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
    await first.page.locator('main [name="cardholder_name"]').fill('APRO');
    await first.page.getByRole('button', { name: 'Pagar' }).click();
    await first.page.waitForURL(new RegExp(`^${baseUrl}/pago/exitoso`), { timeout: 20_000 });
    await first.page.getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
    await first.page.getByText(startText).first().waitFor({ timeout: 15_000 });
    await first.context.close();

    // The second visitor: full, said on the course page and on the form, and the pay button is off before filling.
    const second = await openPage(browser);
    await second.page.goto('/marketing-digital');
    await waitForHeading(second.page, 'Marketing Digital');
    await second.page.locator('.facts').getByText('(Cupos agotados)').waitFor({ timeout: 15_000 });
    await second.page.goto('/marketing-digital/registro');
    await waitForHeading(second.page, 'Inscripción: Marketing');
    await second.page
      .locator('#cohort-closed')
      .getByText(/ya no tiene cupos/)
      .waitFor({ timeout: 15_000 });
    const pay = second.page.getByRole('button', { name: /Proceder al Pago/ });
    assert.equal(await pay.isDisabled(), true);
    assert.match((await second.page.locator('.enrol-summary').innerText()) ?? '', /Cupos agotados/);
    assert.deepEqual(await axeViolations(second.page), []);
    // Even a browser that skips the form's rule is refused by the server, before any checkout.
    const lead = await second.page.evaluate(async () => {
      const res = await fetch('/api/courses/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          course_name: 'marketing-digital',
          student_name: 'Eva',
          student_lastname: 'Rey',
          id_type: 'Cédula de ciudadanía',
          id_number: '52999888',
          phone_number: '3109998877',
          email: `eva-${Date.now()}@example.com`,
          profession: 'Estudiante',
          education: 'Secundaria',
          module_name: 'Introducción al Marketing Digital',
          has_terms: true,
        }),
      });
      return (await res.json()) as { id: string; claim_secret: string };
    });
    const refused = await second.page.evaluate(
      async (body) => {
        const res = await fetch('/api/courses/checkout', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as { message: string } };
      },
      { enrollment_id: lead.id, claim_secret: lead.claim_secret },
    );
    assert.equal(refused.status, 409);
    assert.match(refused.body.message, /^Esta cohorte ya no tiene cupos/);
    await second.context.close();
  });

  it("a seat held by an unpaid Efecty ticket is freed at the ticket's deadline: its buyer is told, and the next visitor buys it", async () => {
    // A 1-seat cohort earlier than the one above (now full), so it is Marketing's next one.
    const earlier = bogotaDay(new Date(Date.now() + 3 * 86_400_000));
    const earlierText = formatLongDate(earlier);
    const member = `cupos-${stamp}@fundacion.org`;
    const temporaryPassword = await newStaffMember(member);
    const staff = await openPage(browser, { width: 1280, height: 900 });
    try {
      await staff.page.goto('/equipo/cursos');
      await firstStaffSignIn(staff.page, member, temporaryPassword, password);
      await waitForHeading(staff.page, 'Cohortes de los cursos');
      const form = staff.page.getByRole('form', { name: 'Nueva cohorte' });
      await form.getByLabel('Curso').selectOption('marketing-digital');
      await form.getByLabel(/Fecha de inicio/).fill(earlier);
      await form.getByLabel('Horario').fill('Sábados, 8 a 12 m.');
      await form.getByLabel('Cupo').fill('1');
      await form.getByRole('button', { name: 'Crear cohorte' }).click();
      await expectFocusOn(staff.page, `Cohorte de Marketing Digital y Diseño Gráfico del ${earlierText} creada.`);
    } finally {
      await staff.context.close();
    }

    // The buyer chooses Efecty and leaves with a ticket to pay at a counter: the seat is kept for them meanwhile.
    const buyer = uniqueEmail('efecty-sin-pagar');
    const first = await openPage(browser);
    await fillMarketing(first.page, buyer);
    await first.page.locator('.enrol-summary').getByText(earlierText).waitFor({ timeout: 15_000 });
    await first.page.getByRole('button', { name: /Proceder al Pago/ }).click();
    await first.page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
    await first.page.getByRole('button', { name: 'Efecty' }).click();
    await first.page.waitForURL(new RegExp(`^${baseUrl}/pago/pendiente`), { timeout: 20_000 });
    await first.context.close();
    const courseFacts = async () => {
      const visitor = await openPage(browser);
      try {
        await visitor.page.goto('/marketing-digital');
        await waitForHeading(visitor.page, 'Marketing Digital');
        await visitor.page.locator('.facts').getByText(earlierText).waitFor({ timeout: 15_000 });
        return await visitor.page.locator('.facts').innerText();
      } finally {
        await visitor.context.close();
      }
    };
    assert.match(await courseFacts(), /Cupos agotados/);

    // The ticket's deadline comes (the sandbox brings it to now): Mercado Pago cancels it as expired and notifies.
    const payments = (await (await fetch(`${sandboxUrl}/sandbox/payments.json`)).json()) as Array<{ id: number; payer: { email: string } }>;
    const ticket = payments.find((p) => p.payer.email === buyer);
    assert.ok(ticket, 'the Efecty payment is in the sandbox');
    assert.equal((await fetch(`${sandboxUrl}/sandbox/payments/${ticket.id}/expire`, { method: 'POST' })).status, 200);
    let released: Array<{ subject: string; text: string }> = [];
    for (let i = 0; i < 60 && !released.length; i++) {
      released = (await mailsTo(buyer)).filter((m) => /Tu reserva de cupo terminó/.test(m.subject));
      if (!released.length) await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(released.length, 1);
    assert.match(released[0]!.text, /no llegó antes de su fecha límite/);
    assert.match(released[0]!.text, new RegExp(`${baseUrl}/marketing-digital/registro`));

    // The seat is free again, and the next visitor buys it.
    assert.match(await courseFacts(), /Queda 1 cupo/);
    const next = await openPage(browser);
    try {
      await fillMarketing(next.page, uniqueEmail('cupo-liberado'));
      await next.page.locator('.enrol-summary').getByText(earlierText).waitFor({ timeout: 15_000 });
      await next.page.getByRole('button', { name: /Proceder al Pago/ }).click();
      await next.page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
      await next.page.locator('main [name="cardholder_name"]').fill('APRO');
      await next.page.getByRole('button', { name: 'Pagar' }).click();
      await next.page.waitForURL(new RegExp(`^${baseUrl}/pago/exitoso`), { timeout: 20_000 });
      await next.page.getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
    } finally {
      await next.context.close();
    }
    assert.match(await courseFacts(), /Cupos agotados/);
  });

  it('a full-course enrolment is charged the course total on the checkout', async () => {
    const { page, context } = await openPage(browser);
    try {
      await fillEnrolment(page, uniqueEmail('curso-completo'), 'Curso completo (3 módulos)');
      assert.match(await page.locator('.enrol-summary').innerText(), /\$ 349\.000\s*por los 3 módulos/);
      await page.getByRole('button', { name: /Proceder al Pago/ }).click();
      await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
      const checkout = await page.locator('main').innerText();
      assert.match(checkout, /Curso completo \(3 módulos\)/);
      assert.match(checkout, /\$ 349\.000/);
      assert.doesNotMatch(checkout, /119\.900/);
    } finally {
      await context.close();
    }
  });
});
