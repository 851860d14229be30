// Issue #17, walked as a new visitor on a 390 px phone: what the visitor still tripped over, each checked as they see it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading, authorize } from '../support/browser';
import { fillEnrolment, sandboxUrl } from '../support/enrolment';
import { codeFor, confirmedAccount, mailsTo, uniqueEmail } from '../support/identity';
import { mailWhere } from '../support/staff';

const phone = { width: 390, height: 844 };
const password = 'Clave2026';

const field = (page: Page, name: string) => page.locator(`main [name="${name}"]`);
const header = (page: Page) => page.locator('header.site-header');

/** The text of everything an input's aria-describedby points at (its hint and its error). */
async function description(page: Page, name: string): Promise<string> {
  const ids = ((await field(page, name).getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ');
}

/** The enrolment form's values, by the spec's field names. */
const enrolmentValues = async (page: Page) => {
  const names = ['student_name', 'student_lastname', 'id_type', 'id_number', 'phone_number', 'email', 'module_name'] as const;
  const values = await Promise.all(names.map((n) => field(page, n).inputValue()));
  return Object.fromEntries(names.map((n, i) => [n, values[i]]));
};

describe('the visitor journeys of #17 on a 390 px phone', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('3: back from the checkout, the enrolment form holds what was typed; not once the stored data expired', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    const email = uniqueEmail('volver');
    await fillEnrolment(page, email, 'Fundamentos de desarrollo Backend');
    await page.getByRole('button', { name: /Proceder al Pago/ }).click();
    await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });

    await page.goBack();
    await waitForHeading(page, 'Inscripción: Desarrollo de Software');
    await field(page, 'email').waitFor();
    const expected = {
      student_name: 'Ana',
      student_lastname: 'Pérez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1012345678',
      phone_number: '3001234567',
      email,
      module_name: 'Fundamentos de desarrollo Backend',
    };
    await page.waitForFunction((value) => document.querySelector<HTMLInputElement>('main [name="email"]')?.value === value, email, {
      timeout: 5_000,
    });
    assert.deepEqual(await enrolmentValues(page), expected);
    assert.match(await page.locator('.enrol-summary').innerText(), /Fundamentos de desarrollo Backend/);
    assert.deepEqual(await axeViolations(page), []);

    // A fresh load restores it too (the data is still within its lifetime)...
    await page.reload();
    await waitForHeading(page, 'Inscripción');
    await page.waitForFunction((value) => document.querySelector<HTMLInputElement>('main [name="email"]')?.value === value, email);
    // ...but another course's form does not take this one's module or data.
    await page.goto('/ofimatica-basica/registro');
    await waitForHeading(page, 'Inscripción: Ofimática');
    assert.equal(await field(page, 'module_name').inputValue(), '');
    assert.equal(await field(page, 'email').inputValue(), '');

    // Past its 24 h the record is not read, and it is gone.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('student_registration_data') ?? '{}') as { expires_at?: number };
      localStorage.setItem('student_registration_data', JSON.stringify({ ...stored, expires_at: Date.now() - 1000 }));
    });
    await page.goto('/desarrollo-software/registro');
    await waitForHeading(page, 'Inscripción: Desarrollo de Software');
    await field(page, 'email').waitFor();
    assert.deepEqual(await enrolmentValues(page), {
      student_name: '',
      student_lastname: '',
      id_type: '',
      id_number: '',
      phone_number: '',
      email: '',
      module_name: '',
    });
    assert.equal(await page.evaluate(() => localStorage.getItem('student_registration_data')), null);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('3: after signing out, the enrolment form no longer shows what an earlier visitor typed', async () => {
    const { page, context } = await openPage(browser, phone);
    const student = uniqueEmail('antes-de-salir');
    await fillEnrolment(page, student);
    await page.getByRole('button', { name: /Proceder al Pago/ }).click();
    await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
    await page.goBack();
    await waitForHeading(page, 'Inscripción');
    await page.waitForFunction((value) => document.querySelector<HTMLInputElement>('main [name="email"]')?.value === value, student);

    const account = uniqueEmail('cuenta');
    await confirmedAccount(account, password, 'Julián Castro');
    await page.goto('/login');
    await waitForHeading(page, 'Ingresa');
    await field(page, 'email').fill(account);
    await field(page, 'password').fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText(/Iniciaste sesión correctamente/).waitFor({ timeout: 15_000 });
    await page.waitForURL(`${baseUrl}/`, { timeout: 5_000 });
    await page.getByRole('button', { name: /Menú/ }).click();
    await header(page).getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto('/desarrollo-software/registro');
    await waitForHeading(page, 'Inscripción');
    await field(page, 'email').waitFor();
    assert.equal(await field(page, 'email').inputValue(), '');
    assert.equal(await field(page, 'student_name').inputValue(), '');
    assert.equal(await page.evaluate(() => localStorage.getItem('student_registration_data')), null);
    await context.close();
  });

  it('4: the custom amount says its minimum and maximum, and checks them as it is typed', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    let sent = 0;
    await page.route('**/api/giving/contributions', (route) => {
      sent += 1;
      return route.continue();
    });
    await page.goto('/contribuciones#dona-aqui');
    await waitForHeading(page, 'Dona aquí');
    const custom = field(page, 'optional_donation_amount');
    await page.waitForFunction(() => {
      const input = document.querySelector('main [name="optional_donation_amount"]');
      const ids = (input?.getAttribute('aria-describedby') ?? '').split(' ');
      return ids.some((id) => /5\.000/.test(document.getElementById(id)?.textContent ?? ''));
    });
    const hint = await description(page, 'optional_donation_amount');
    assert.match(hint, /mínimo[^.]*\$ 5\.000/i);
    assert.match(hint, /máximo[^.]*\$ 20\.000\.000/i);

    // Below the minimum: said while typing, without sending anything.
    await custom.pressSequentially('1000');
    const refusal = /Monto de donación inválido\. El monto debe estar entre \$ 5\.000 y \$ 20\.000\.000\./;
    await page.waitForFunction(
      () => document.querySelector('main [name="optional_donation_amount"]')?.getAttribute('aria-invalid') === 'true',
    );
    assert.match(await description(page, 'optional_donation_amount'), refusal);
    assert.deepEqual(await axeViolations(page), []);

    // Within the bounds the message goes away as the amount is completed.
    await custom.pressSequentially('0');
    await page.waitForFunction(() => !document.querySelector('main [name="optional_donation_amount"]')?.hasAttribute('aria-invalid'));
    assert.doesNotMatch(await description(page, 'optional_donation_amount'), refusal);
    assert.equal(await page.locator('main button[type="submit"]').innerText(), 'Donar $ 10.000');

    // Above the maximum.
    await custom.fill('');
    await custom.pressSequentially('25000000');
    await page.waitForFunction(
      () => document.querySelector('main [name="optional_donation_amount"]')?.getAttribute('aria-invalid') === 'true',
    );
    assert.match(await description(page, 'optional_donation_amount'), refusal);

    // A preset replaces the custom amount, and its message with it.
    await page.locator('main').getByLabel('$ 50.000').check();
    assert.equal(await custom.inputValue(), '');
    assert.equal(await custom.getAttribute('aria-invalid'), null);
    assert.equal(sent, 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('7: confirming a new account opens /login with its e-mail already written', async () => {
    const { page, context } = await openPage(browser, phone);
    const email = uniqueEmail('confirmada');
    await page.goto('/register');
    await waitForHeading(page, 'Regístrate');
    await field(page, 'name').fill('Ana María Pérez');
    await field(page, 'email').fill(email);
    await field(page, 'password').fill(password);
    await field(page, 'confirmPassword').fill(password);
    await field(page, 'phone').fill('300 123 4567');
    await field(page, 'identityType').selectOption('Cédula de ciudadanía');
    await field(page, 'identityNumber').fill('1012345678');
    await authorize(page);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await field(page, 'code').fill(await codeFor(email));
    await page.getByRole('button', { name: 'Confirmar cuenta' }).click();
    await page.waitForURL(/\/login(\?|$)/, { timeout: 10_000 });
    await waitForHeading(page, 'Ingresa');
    assert.equal(await field(page, 'email').inputValue(), email);
    await field(page, 'password').fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('¡Hola, Ana! Iniciaste sesión correctamente.').waitFor({ timeout: 15_000 });
    await page.waitForURL(`${baseUrl}/`, { timeout: 5_000 });

    // The same from /confirm-email, the page the code e-mail links to.
    const other = uniqueEmail('confirmada-enlace');
    await page.getByRole('button', { name: /Menú/ }).click();
    await header(page).getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto('/register');
    await waitForHeading(page, 'Regístrate');
    await field(page, 'name').fill('Beatriz Salas');
    await field(page, 'email').fill(other);
    await field(page, 'password').fill(password);
    await field(page, 'confirmPassword').fill(password);
    await field(page, 'phone').fill('300 765 4321');
    await field(page, 'identityType').selectOption('Cédula de ciudadanía');
    await field(page, 'identityNumber').fill('52123456');
    await authorize(page);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await field(page, 'code').waitFor();
    await page.goto(`/confirm-email?email=${encodeURIComponent(other)}`);
    await waitForHeading(page, 'Confirma tu correo');
    await field(page, 'code').fill(await codeFor(other));
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await page.waitForURL(/\/login(\?|$)/, { timeout: 10_000 });
    await waitForHeading(page, 'Ingresa');
    assert.equal(await field(page, 'email').inputValue(), other);
    await context.close();
  });

  it("7: the PQRSF acknowledgement's link opens the lookup with the radicado written; the document is still asked", async () => {
    const email = uniqueEmail('radicado');
    const filed = await fetch(`${baseUrl}/api/community/pqrsf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rol_type: 'Estudiante',
        name: 'Luisa',
        lastname: 'Martínez',
        id_type: 'Cédula de ciudadanía',
        id_number: '1020304050',
        phone_number: '3151112233',
        email,
        request_type: 'Queja',
        reviews: 'La clase del martes no tuvo grabación.',
      }),
    });
    assert.equal(filed.status, 201);
    const { id: radicado } = (await filed.json()) as { id: string };
    const [ack] = await mailsTo(email);
    const link = /https?:\/\/\S*\/consultar-solicitud\S*/.exec(ack?.text ?? '')?.[0] ?? '';
    const url = new URL(link);
    assert.equal(url.origin, baseUrl);
    assert.equal(url.searchParams.get('radicado'), radicado);
    // Only the radicado travels in the link: never the document, nor anything else the requester typed.
    assert.deepEqual([...url.searchParams.keys()], ['radicado']);
    assert.doesNotMatch(link, /1020304050|Luisa|Mart/);

    // A new visitor (another browser) opens it.
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto(link);
    await waitForHeading(page, 'Consultar solicitud');
    await page.waitForFunction((value) => document.querySelector<HTMLInputElement>('main form [name="id"]')?.value === value, radicado, {
      timeout: 5_000,
    });
    assert.equal(await page.locator('main form [name="id_number"]').inputValue(), '');
    assert.deepEqual(await axeViolations(page), []);
    await page.locator('main form [name="id_number"]').fill('1020304050');
    await page.locator('main form').getByRole('button', { name: 'Consultar' }).click();
    const table = page.locator('table.record-table');
    await table.waitFor();
    assert.match((await table.innerText()) ?? '', new RegExp(radicado));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("7 and 5: the success messages open with '¡', and a workshop inquiry is acknowledged by e-mail", async () => {
    const { page, context } = await openPage(browser, phone);
    await page.goto('/voluntarios#quiero-ser-voluntario');
    await waitForHeading(page, 'Voluntariado');
    const values: Record<string, string> = {
      volunteer_name: 'Ana',
      volunteer_lastname: 'Pérez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1012345678',
      age: '27',
      phone_number: '3001234567',
      email: uniqueEmail('voluntaria'),
      address: 'Calle 10 # 5-20, Bogotá',
      purposes: 'Quiero compartir lo que sé de programación.',
      activities: 'Tutorías de JavaScript los sábados.',
    };
    for (const [name, value] of Object.entries(values)) {
      const control = page.locator(`main form [name="${name}"]`);
      if (name === 'id_type') await control.selectOption(value);
      else await control.fill(value);
    }
    await authorize(page);
    await page.locator('main form').getByRole('button', { name: 'Quiero ser voluntario' }).click();
    const stored = page.getByRole('status').filter({ hasText: /Registro exitoso/ });
    await stored.waitFor({ timeout: 15_000 });
    assert.match(await stored.innerText(), /^¡Registro exitoso! ID: \d+/);

    await page.goto('/vale-ser/consulta');
    await waitForHeading(page, 'Consulta: Taller Vale Ser');
    await page.locator('main form [name="first_name"]').fill('Sofía');
    await page.locator('main form [name="last_name"]').fill('Díaz');
    await page.locator('main form [name="phone_number"]').fill('3011234567');
    const inquirer = uniqueEmail('consulta');
    await page.locator('main form [name="email"]').fill(inquirer);
    await page.locator('main form [name="occupation"]').selectOption('Emprendedor');
    await page.locator('main form [name="referral_source"]').fill('Instagram');
    await page.locator('main form [name="empowerment_course"][value="No"]').check();
    await page.locator('main form [name="comments_query"]').fill('¿Cuánto cuesta la inscripción?');
    await authorize(page);
    await page.locator('main form').getByRole('button', { name: 'Enviar consulta' }).click();
    const inquiry = page.getByRole('status').filter({ hasText: /enviada exitosamente/ });
    await inquiry.waitFor({ timeout: 15_000 });
    assert.match(await inquiry.innerText(), /^¡Tu consulta ha sido enviada exitosamente! Nos pondremos en contacto contigo pronto\./);

    // 5: the workshop inquiry is acknowledged too, with fixed text and its number, never what the visitor typed.
    const ack = await mailWhere((m) => m.to === inquirer);
    assert.ok(ack, 'the inquiry got an acknowledgement');
    assert.match(`${ack.subject}\n${ack.text}`, /n\.º \d+|número \d+|\b\d+\b/);
    assert.ok(!ack.text.includes('¿Cuánto cuesta'), 'the acknowledgement repeats nothing the visitor typed');
    await context.close();
  });

  it('8: Puentes stage 4 has no incentive line; /software-custome shows the project’s 4 modules at $ 99.900', async () => {
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto('/proyecto-puentes');
    await waitForHeading(page, 'Proyecto Puentes');
    const slider = page.locator('[aria-roledescription="carousel"]');
    const active = async (title: string) => {
      const slide = slider.locator('.carousel-slide.is-active', { hasText: title });
      await slide.waitFor();
      return slide.innerText();
    };
    assert.match(await active('Despliegue'), /Despliegue[\s\S]*Incentivo[\s\S]*Beca de formación/);
    for (let i = 0; i < 3; i++) await slider.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    const stage4 = await active('Lanzamiento');
    assert.match(stage4, /Lanzamiento[\s\S]*4 meses[\s\S]*30% al 40%/);
    assert.doesNotMatch(stage4, /Incentivo/);

    await page.goto('/procesos-aprendizaje');
    await waitForHeading(page, 'Procesos de aprendizaje');
    const cards = page.locator('main .stage-card');
    assert.equal(await cards.count(), 4);
    assert.equal(await cards.filter({ hasText: 'Incentivo' }).count(), 3);
    assert.doesNotMatch(await cards.nth(3).innerText(), /Incentivo/);

    await page.goto('/software-custome');
    await waitForHeading(page, 'Software a la medida');
    const modules = page.locator('main li').filter({ hasText: '$ 99.900' });
    assert.equal(await modules.count(), 4);
    const texts = await modules.allInnerTexts();
    assert.equal(new Set(texts).size, 4, 'cada módulo tiene su nombre');
    for (const [i, text] of texts.entries()) assert.match(text, new RegExp(`Módulo ${i + 1}`));
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
