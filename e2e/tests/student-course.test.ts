// The student's whole course around the team (#31), in the composed site: Cursos opens two Marketing Digital cohorts
// with their weekly classes and how to join; enrols a student with a scholarship from the panel (the student gets the
// access e-mail, finds the course in Mis Cursos, its page with the join link, and the classes as an .ics); enrols a
// second one who paid by transfer; writes to the cohort (previewed, each student receives it once); and moves a student
// who paid on the site to a later cohort (the seat follows, the student is told).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { formatLongDate } from 'shared/format/dates';
import { bogotaDay } from 'shared/server/jobs';
import { axeViolations } from '../support/axe';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';
import { fillEnrolment, payWith } from '../support/enrolment';
import { signedInAccount, signIn } from '../support/identity';
import { expectFocusOn, firstStaffSignIn, mailbox, mailMatching, mailWhere, newStaffMember } from '../support/staff';

const stamp = Date.now();
const memberEmail = `cursos-${stamp}@fundacion.org`;
const joinUrl = `https://clases.example.org/marketing-${stamp}`;
/** A Bogotá day `days` from today (YYYY-MM-DD). */
const inDays = (days: number) => bogotaDay(new Date(Date.now() + days * 86_400_000));
/**
 * The first Monday at least `days` from today: a class day of the Monday-and-Wednesday cohort, whose calendar then
 * starts on its start date (a start on another weekday begins the calendar at the next class day).
 */
function mondayFrom(days: number): string {
  for (let d = days; ; d++) if (new Date(`${inDays(d)}T12:00:00Z`).getUTCDay() === 1) return inDays(d);
}
// Far enough ahead that no other file's cohort or sale depends on them.
const first = { start: mondayFrom(200), end: inDays(260) };
const later = { start: inDays(230), end: inDays(290) };
const software = { start: inDays(240), end: inDays(300) };

/** Creates a cohort from the panel's "Nueva cohorte" form. */
async function createCohort(
  page: Page,
  course: string,
  dates: { start: string; end: string },
  schedule: string,
  classes?: { days: string[]; from: string; to: string; url?: string; place?: string },
) {
  const form = page.getByRole('form', { name: 'Nueva cohorte' });
  await form.getByLabel('Curso').selectOption(course);
  await form.getByLabel(/^Fecha de inicio/).fill(dates.start);
  await form.getByLabel(/^Fecha de finalización/).fill(dates.end);
  await form.getByLabel('Horario', { exact: true }).fill(schedule);
  await form.getByLabel('Cupo').fill('25');
  if (classes) {
    for (const day of classes.days) await form.getByRole('checkbox', { name: day, exact: true }).check();
    await form.getByLabel(/^Hora de inicio/).fill(classes.from);
    await form.getByLabel(/^Hora de finalización/).fill(classes.to);
    if (classes.url) await form.getByLabel(/^Enlace de la clase en línea/).fill(classes.url);
    if (classes.place) await form.getByLabel(/^Lugar de las clases presenciales/).fill(classes.place);
  }
  await form.getByRole('button', { name: 'Crear cohorte' }).click();
  // This cohort's own notice (an earlier one may still be on screen), then the emptied form: filling the next cohort
  // before the reset would have it wiped (the software cohort was sometimes never created).
  await page
    .getByText(`del ${formatLongDate(dates.start)} creada.`, { exact: false })
    .last()
    .waitFor({ timeout: 15_000 });
  await page.waitForFunction(
    (label) => {
      const input = [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))?.control;
      return input instanceof HTMLInputElement && input.value === '';
    },
    'Fecha de inicio',
    { timeout: 15_000 },
  );
}

/** Fills the panel's manual enrolment form for `email` in the Marketing Digital cohort starting `start`. */
async function enrolByHand(page: Page, email: string, name: string, idNumber: string, start: string) {
  await page.goto('/equipo/inscripciones/nueva');
  await waitForHeading(page, 'Nueva inscripción manual');
  const field = (n: string) => page.locator(`main [name="${n}"]`);
  await field('course_name').selectOption('marketing-digital');
  const moduleOptions = await field('module_name').locator('option').allTextContents();
  await field('module_name').selectOption(moduleOptions.find((o) => o.trim() && !/^Elige|^Selecciona/.test(o)) ?? '');
  const cohortOption = (await field('cohort_id').locator('option').allTextContents()).find((o) => o.startsWith(formatLongDate(start)));
  assert.ok(cohortOption, `the cohort of ${start} is offered`);
  await field('cohort_id').selectOption({ label: cohortOption });
  await field('student_name').fill(name);
  await field('student_lastname').fill('Gómez');
  await field('id_type').selectOption('Cédula de ciudadanía');
  await field('id_number').fill(idNumber);
  await field('phone_number').fill('3104567890');
  await field('email').fill(email);
  await field('profession').selectOption('Estudiante');
  await field('education').selectOption('Secundaria');
}

describe("the student's course, around the team", () => {
  let browser: Browser;
  let staff: Awaited<ReturnType<typeof openPage>>;
  let scholar: { email: string; password: string };
  let payer: string;

  before(async () => {
    browser = await launchBrowser();
    const invitation = await newStaffMember(memberEmail, ['cursos']);
    staff = await openPage(browser, { width: 1280, height: 900 });
    await staff.page.goto('/equipo/cursos');
    await firstStaffSignIn(staff.page, memberEmail, invitation, 'PanelSeguro2026');
    await waitForHeading(staff.page, 'Cohortes de los cursos');
    await createCohort(staff.page, 'marketing-digital', first, 'Lunes y miércoles, 7 a 9 p. m.', {
      days: ['Lunes', 'Miércoles'],
      from: '19:00',
      to: '21:00',
      url: joinUrl,
    });
    await createCohort(staff.page, 'marketing-digital', later, 'Sábados, 8 a 12 m.', {
      days: ['Sábados'],
      from: '08:00',
      to: '12:00',
      place: 'Sede Kennedy, Calle 38 Sur # 78-12',
    });
    await createCohort(staff.page, 'desarrollo-software', software, 'Martes y jueves, 6 a 8 p. m.');
  });
  after(async () => {
    await staff?.context.close();
    await browser?.close();
  });

  it('a scholarship student enrolled by the team gets the access e-mail, the course page with how to join, and the .ics', async () => {
    scholar = await signedInAccount('Laura Gómez');
    const { page } = staff;
    await enrolByHand(page, scholar.email, 'Laura', '1023456789', first.start);
    await page.locator('main [name="kind"]').selectOption('scholarship');
    await page.locator('main [name="reason"]').fill('Beca del convenio con la junta de acción comunal de Kennedy.');
    await page.locator('main [name="data_authorization_channel"]').selectOption('written');
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: 'Inscribir y enviar el correo de acceso' }).click();
    await expectFocusOn(page, `Inscripción creada. Enviamos el correo de acceso a ${scholar.email}.`);

    const access = await mailWhere((m) => m.to === scholar.email && m.subject.startsWith('Tu inscripción está confirmada'));
    assert.ok(access, 'the scholarship student got the access e-mail');
    assert.match(access.text, /con una beca de la fundación/);
    assert.ok(access.text.includes(formatLongDate(first.start)), access.text);

    const student = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(student.page, scholar);
      await student.page.goto('/mis-cursos');
      await waitForHeading(student.page, 'Mis Cursos');
      await student.page.getByRole('link', { name: /^Ver el curso Marketing Digital/ }).click();
      await waitForHeading(student.page, /Marketing Digital/);
      const main = student.page.locator('main');
      await main.getByText(formatLongDate(first.start)).first().waitFor({ timeout: 15_000 });
      const join = main.getByRole('link', { name: 'Entrar a la clase en línea' });
      assert.equal(await join.getAttribute('href'), joinUrl);
      assert.deepEqual(await axeViolations(student.page), []);
      assert.ok(
        await student.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'the course page fits a 390 px phone',
      );

      const [download] = await Promise.all([
        student.page.waitForEvent('download'),
        main.getByRole('button', { name: 'Añadir a mi calendario' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /\.ics$/);
      const ics = await readFile(await download.path(), 'utf8');
      assert.match(ics, /^BEGIN:VCALENDAR\r\n/);
      assert.match(ics, /\r\nBEGIN:VEVENT\r\n/);
      assert.match(ics, /RRULE:FREQ=WEEKLY;[^\r\n]*BYDAY=MO,WE/);
      assert.match(ics, new RegExp(`DTSTART;TZID=America/Bogota:${first.start.replaceAll('-', '')}T190000`));
      assert.ok(ics.replace(/\r\n[ \t]/g, '').includes(joinUrl), 'the join link is in the calendar');
      assert.match(ics, /END:VCALENDAR\r\n$/);
    } finally {
      await student.context.close();
    }
  });

  it('the team writes to the cohort: a preview first, then each enrolled student receives the message once', async () => {
    // A second student in the cohort, who paid by bank transfer.
    payer = `transferencia-${stamp}@example.com`;
    const { page } = staff;
    await enrolByHand(page, payer, 'Mateo', '1034567890', first.start);
    await page.locator('main [name="kind"]').selectOption('outside_payment');
    await page.locator('main [name="reference"]').fill(`TRF-${stamp}`);
    await page.locator('main [name="payment_means"]').selectOption('outside_transfer');
    await page.locator('main [name="amount"]').fill('180000');
    await page.locator('main [name="data_authorization_channel"]').selectOption('email');
    await page.getByRole('button', { name: 'Inscribir y enviar el correo de acceso' }).click();
    await expectFocusOn(page, `Inscripción creada. Enviamos el correo de acceso a ${payer}.`);

    const subject = `Materiales de la primera clase ${stamp}`;
    await page.goto('/equipo/cursos');
    await waitForHeading(page, 'Cohortes de los cursos');
    await page.getByRole('button', { name: `Escribir a la cohorte del ${formatLongDate(first.start)}` }).click();
    await page.getByRole('textbox', { name: 'Asunto' }).fill(subject);
    await page.getByRole('textbox', { name: 'Mensaje' }).fill('Traigan un computador con navegador actualizado.\n\nNos vemos el lunes.');
    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    await page.getByText('Se enviará a 2 estudiantes inscritos.').waitFor({ timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), []);
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll at 390 px');
    assert.deepEqual(await axeViolations(page), []);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Enviar a la cohorte' }).click();
    await page.getByText('Mensaje enviado a 2 estudiantes.').waitFor({ timeout: 15_000 });

    for (const to of [scholar.email, payer]) {
      const got = await mailWhere((m) => m.to === to && m.subject.includes(subject));
      assert.ok(got, `${to} received the message`);
      assert.match(got.text, /Nos vemos el lunes\./);
    }
    // Once each: nothing arrives twice, whatever the outbox retries.
    await new Promise((r) => setTimeout(r, 1500));
    const copies = (await mailbox()).filter((m) => m.subject.includes(subject));
    assert.deepEqual(copies.map((m) => m.to).sort(), [scholar.email, payer].sort());
  });

  it('a student who paid on the site is moved to a later cohort: the seat follows and the student is told', async () => {
    const account = await signedInAccount('Sofía Ramírez');
    const student = await openPage(browser, { width: 390, height: 844 });
    await signIn(student.page, account);
    await fillEnrolment(student.page, null);
    await payWith(student.page, 'APRO');
    await student.context.close();
    await mailMatching(account.email, /(Recibimos tu pago)/);

    const { page } = staff;
    await page.goto('/equipo/inscripciones');
    await waitForHeading(page, 'Inscripciones');
    await page.getByLabel('Buscar por nombre, documento, correo o referencia').fill(account.email);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    const list = page.getByRole('table', { name: /Inscripciones: 1 de 1/ });
    await list.waitFor({ timeout: 15_000 });
    await list.getByRole('link').first().click();
    await waitForHeading(page, /^Inscripción de /);

    await page.getByRole('button', { name: 'Cambiar de grupo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar de grupo' });
    const select = dialog.getByLabel(/^Nueva cohorte/);
    await select.waitFor({ timeout: 15_000 });
    const option = (await select.locator('option').allTextContents()).find((o) => o.startsWith(formatLongDate(software.start)));
    assert.ok(option, 'the later cohort is offered');
    await select.selectOption({ label: option });
    assert.deepEqual(await axeViolations(page), []);
    // The same dialog on a phone: nothing sideways, still clean.
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll at 390 px');
    assert.deepEqual(await axeViolations(page), []);
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Sí, cambiar de grupo' }).click();
    await expectFocusOn(
      page,
      `Cambiamos de grupo al estudiante: ahora empieza el ${formatLongDate(software.start)}. Le avisamos a ${account.email}.`,
    );
    await page.getByText(formatLongDate(software.start)).first().waitFor({ timeout: 15_000 });

    const told = await mailWhere((m) => m.to === account.email && m.subject.startsWith('Cambiamos tu grupo del curso'));
    const subjects = (await mailbox()).filter((m) => m.to === account.email).map((m) => m.subject);
    assert.ok(told, `the student was told (their mail: ${subjects.join(' | ')})`);
    assert.ok(told.text.includes(formatLongDate(software.start)), told.text);

    // The seat went with the student: the later cohort counts one taken.
    await page.goto('/equipo/cursos');
    await waitForHeading(page, 'Cohortes de los cursos');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(formatLongDate(software.start)) }) });
    // Cells: Horario, Cupo, Ocupados, Reservados, Disponibles.
    const cells = row.getByRole('cell');
    assert.equal((await cells.nth(2).innerText()).trim(), '1');
    assert.equal((await cells.nth(4).innerText()).trim(), '24');
  });
});
