import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { chatLink, site } from 'shared/foundation/site';
import { communityTexts, pqrsfLookupTexts, softwareRequestTexts as s } from 'remote-community/server';
import { baseUrl, launchBrowser, openPage, waitForHeading, authorize } from '../support/browser';

type Values = Record<string, string>;

/** Fills controls by their spec field names: selects get an option, radios get checked, the rest typed. */
async function fill(page: Page, values: Values) {
  for (const [name, value] of Object.entries(values)) {
    const control = page.locator(`main form [name="${name}"]`);
    const tag = await control.first().evaluate((el) => `${el.tagName}:${(el as HTMLInputElement).type}`);
    if (tag.startsWith('SELECT')) await control.selectOption(value);
    else if (tag === 'INPUT:radio') await page.locator(`main form [name="${name}"][value="${value}"]`).check();
    else await control.fill(value);
  }
  // The form's data-processing authorization (#15), when it has one.
  await authorize(page);
}

/** Submits the page's form and returns the API's JSON answer. */
async function submit(page: Page, button: string | RegExp, apiPath: string) {
  const answer = page.waitForResponse((r) => r.url().endsWith(apiPath) && r.request().method() === 'POST');
  await authorize(page);
  await page.locator('main form').getByRole('button', { name: button }).click();
  const response = await answer;
  return { status: response.status(), body: (await response.json()) as Record<string, string> };
}

const volunteer: Values = {
  volunteer_name: 'Ana',
  volunteer_lastname: 'Pérez',
  id_type: 'Cédula de ciudadanía',
  id_number: '1012345678',
  age: '27',
  phone_number: '3001234567',
  email: 'ana.e2e@example.com',
  address: 'Calle 10 # 5-20, Bogotá',
  institution: 'Universidad Nacional',
  purposes: 'Quiero compartir lo que sé de programación.',
  activities: 'Tutorías de JavaScript los sábados.',
};

describe('community forms', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('registers a volunteer and shows the stored id', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/voluntarios#quiero-ser-voluntario');
    await waitForHeading(page, 'Voluntariado');
    await fill(page, volunteer);
    const { status, body } = await submit(page, 'Quiero ser voluntario', '/api/community/volunteers');
    assert.equal(status, 201);
    assert.match(body.volunteer_id ?? '', /^\d+$/);
    const message = page.getByRole('status').filter({ hasText: communityTexts.registrationSuccess(body.volunteer_id!) });
    await message.waitFor();
    assert.equal(await message.evaluate((el) => el === document.activeElement), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('lists the errors of an empty volunteer form, focused, without calling the server', async () => {
    const { page, context } = await openPage(browser);
    let calls = 0;
    await page.route('**/api/community/volunteers', (r) => {
      calls += 1;
      return r.continue();
    });
    await page.goto('/voluntarios');
    await waitForHeading(page, 'Voluntariado');
    await page.locator('main form').getByRole('button', { name: 'Quiero ser voluntario' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    assert.equal(await summary.evaluate((el) => el === document.activeElement), true);
    assert.match((await summary.textContent()) ?? '', new RegExp(communityTexts.nameRequired));
    const name = page.locator('[name="volunteer_name"]');
    assert.equal(await name.getAttribute('aria-invalid'), 'true');
    const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
    assert.equal(await page.locator(`[id="${describedBy}"]`).textContent(), communityTexts.nameRequired);
    // Each listed error takes the visitor to its field.
    await summary.getByRole('link', { name: communityTexts.nameRequired }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'volunteer_name', null, { timeout: 5_000 });
    assert.equal(await name.evaluate((el) => el === document.activeElement), true);
    assert.equal(calls, 0);
    await context.close();
  });

  it('keeps the data and says so when the registration fails; the button is disabled while sending', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/voluntarios');
    await waitForHeading(page, 'Voluntariado');
    await fill(page, volunteer);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/community/volunteers', async (r) => {
      await held;
      await r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal_error","message":"x"}' });
    });
    const button = page.locator('main form button[type="submit"]');
    await button.click();
    await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('main form button[type="submit"]')?.disabled === true);
    release();
    await page.getByRole('alert').filter({ hasText: communityTexts.registrationFailed }).waitFor();
    assert.equal(await page.locator('[name="volunteer_name"]').inputValue(), 'Ana');
    assert.equal(await page.getByText(/Registro exitoso/).count(), 0);

    await page.unroute('**/api/community/volunteers');
    await page.route('**/api/community/volunteers', (r) => r.abort('internetdisconnected'));
    await button.click();
    await page.getByRole('alert').filter({ hasText: communityTexts.registrationNetwork }).waitFor();
    await context.close();
  });

  it('registers an allied company, whose document list has no Tarjeta de identidad', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/empresas#registra-tu-empresa');
    await waitForHeading(page, 'Empresas aliadas');
    const options = await page.locator('main form [name="id_type"] option').allTextContents();
    assert.deepEqual(options.slice(1), ['Cédula de ciudadanía', 'Cédula de extranjería', 'Pasaporte', 'Permiso por Protección Temporal']);
    await fill(page, {
      corporation_name: 'Tejidos Andinos S.A.S.',
      corp_phone_number: '6015551234',
      representative_name: 'Carlos',
      representative_lastname: 'Gómez',
      id_type: 'Cédula de extranjería',
      id_number: 'E123456',
      email: 'carlos@tejidos.example.com',
      rep_phone_number: '3109876543',
    });
    const { body } = await submit(page, 'Registra tu empresa', '/api/community/allies');
    await page
      .getByRole('status')
      .filter({ hasText: communityTexts.registrationSuccess(body.corporation_id!) })
      .waitFor();
    await context.close();
  });

  it('files a PQRSF, then finds it with its radicado and document; a wrong document finds nothing', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/pqrsf');
    await waitForHeading(page, 'PQRSF');
    await fill(page, {
      rol_type: 'Estudiante',
      request_type: 'Solicitud',
      name: 'Luisa',
      lastname: 'Martínez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1020304050',
      phone_number: '3151112233',
      email: 'luisa.e2e@example.com',
      reviews: 'Necesito el certificado de notas del módulo 1.',
    });
    const { status, body } = await submit(page, 'Radicar solicitud', '/api/community/pqrsf');
    assert.equal(status, 201);
    const radicado = body.id!;
    assert.match(radicado, /^\d{16}$/);
    await page.getByRole('status').filter({ hasText: radicado }).waitFor();
    await page.getByRole('status').getByText('(10 días hábiles)', { exact: false }).waitFor();
    const mailbox = (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as Array<{ to: string; subject: string; text: string }>;
    const ack = mailbox.find((m) => m.to === 'luisa.e2e@example.com');
    assert.ok(ack?.subject.includes(radicado), 'falta el acuse de recibo');
    assert.match(ack?.text ?? '', /Fecha límite de respuesta: \d{1,2} de \w+ de \d{4}/);

    // The lookup link keeps the number (in-app navigation); the document is still needed.
    await page.getByRole('link', { name: 'Consultar el estado de mi solicitud' }).first().click();
    await waitForHeading(page, 'Consultar solicitud');
    assert.equal(await page.locator('main form [name="id"]').inputValue(), radicado);

    await fill(page, { id_number: '99999999' });
    await page.locator('main form').getByRole('button', { name: 'Consultar' }).click();
    await page.getByRole('alert').filter({ hasText: pqrsfLookupTexts.notFound }).waitFor();
    assert.equal(await page.getByText('Luisa').count(), 0);

    await fill(page, { id_number: '1020304050' });
    await page.locator('main form').getByRole('button', { name: 'Consultar' }).click();
    const table = page.locator('table.record-table');
    await table.waitFor();
    const text = (await table.textContent()) ?? '';
    for (const expected of [
      radicado,
      'En proceso',
      'Luisa',
      'Martínez',
      'luisa.e2e@example.com',
      'Estudiante',
      'Solicitud',
      'Cédula de ciudadanía 1020304050',
    ]) {
      assert.ok(text.includes(expected), `falta ${expected}`);
    }
    await page.getByText(/Fecha límite de respuesta: \d{1,2} de \w+ de \d{4} \(10 días hábiles/).waitFor();

    // A fresh visit (nothing remembered) with an unknown number says the same as a wrong document.
    await page.goto('/consultar-solicitud#radicado');
    await waitForHeading(page, 'Consultar solicitud');
    await fill(page, { id: '1234567890123456', id_number: '1020304050' });
    await page.locator('main form').getByRole('button', { name: 'Consultar' }).click();
    await page.getByRole('alert').filter({ hasText: pqrsfLookupTexts.notFound }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows no radicado when filing fails, and offers a retry', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/pqrsf');
    await waitForHeading(page, 'PQRSF');
    await fill(page, {
      rol_type: 'Usuario',
      request_type: 'Queja',
      name: 'Mario',
      lastname: 'Rojas',
      id_type: 'Cédula de ciudadanía',
      id_number: '80123456',
      phone_number: '3001112233',
      email: 'mario.e2e@example.com',
      reviews: 'No me llegó el certificado.',
    });
    await page.route('**/api/community/pqrsf', (r) => r.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await page.locator('main form').getByRole('button', { name: 'Radicar solicitud' }).click();
    await page.getByRole('alert').filter({ hasText: 'No pudimos radicar tu solicitud' }).waitFor();
    assert.equal(await page.locator('[data-testid="radicado"]').count(), 0);
    await page.unroute('**/api/community/pqrsf');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/community/pqrsf'));
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    const body = (await (await answer).json()) as { id: string };
    await page.locator('[data-testid="radicado"]').filter({ hasText: body.id }).waitFor();
    await context.close();
  });

  for (const [slug, values, title] of [
    [
      'arte-de-amarte',
      {
        guest_type: 'Soy docente y me interesa el taller para mis estudiantes',
        full_name: 'Marta Ruiz',
        phone_number: '3201234567',
        email: 'marta.e2e@example.com',
        comments_query: '¿Pueden venir a nuestro colegio en Soacha?',
      },
      'Taller Arte de Amarte',
    ],
    [
      'vale-ser',
      {
        first_name: 'Sofía',
        last_name: 'Díaz',
        phone_number: '3011234567',
        email: 'sofia.e2e@example.com',
        occupation: 'Emprendedor',
        referral_source: 'Instagram',
        empowerment_course: 'No',
        comments_query: '¿Cuánto cuesta la inscripción?',
      },
      'Taller Vale Ser',
    ],
  ] as Array<[string, Values, string]>) {
    it(`sends a ${title} inquiry from the workshop page`, async () => {
      const { page, context } = await openPage(browser);
      await page.goto(`/${slug}`);
      await waitForHeading(page, title);
      await page.getByRole('link', { name: 'Envía tu consulta' }).first().click();
      await waitForHeading(page, `Consulta: ${title}`);
      await fill(page, values);
      const { status, body } = await submit(page, 'Enviar consulta', `/api/community/${slug}/consulta`);
      assert.equal(status, 201);
      const message = page.getByRole('status').filter({ hasText: communityTexts.inquirySuccess });
      await message.waitFor();
      assert.match((await message.textContent()) ?? '', new RegExp(`Número de consulta: ${body.id}`));
      await context.close();
    });
  }

  it('shows each on-blur message of the custom-software form, then sends it', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/software-custome');
    await waitForHeading(page, 'Software a la medida');
    await page.getByRole('link', { name: 'Solicita tu software' }).first().click();
    await waitForHeading(page, 'Solicita tu software');
    const field = (name: string) => page.locator(`main form [name="${name}"]`);
    const blurWith = async (name: string, value: string, message: string) => {
      await field(name).fill(value);
      await field(name).blur();
      await page.locator('.field-error', { hasText: message }).waitFor();
      const describedBy = (await field(name).getAttribute('aria-describedby')) ?? '';
      assert.ok(describedBy.length > 0);
    };
    await blurWith('email', '', s.emailRequired);
    await blurWith('email', 'pyme@', s.emailInvalid);
    await blurWith('phone_number', '', s.phoneRequired);
    await blurWith('phone_number', '300 123', s.phoneShort);
    await blurWith('full_name', '', s.nameRequired);
    await blurWith('full_name', 'Al', s.nameShort);
    await fill(page, { email: 'gerencia@pyme.example.com', phone_number: '+57 300 123 4567', full_name: 'Pedro Ortiz' });
    const { status, body } = await submit(page, 'Quiero que me contacten', '/api/community/custom-software');
    assert.equal(status, 201);
    const message = page.getByRole('status').filter({ hasText: s.success });
    await message.waitFor();
    assert.match((await message.textContent()) ?? '', new RegExp(`Número de solicitud: ${body.id}`));
    await context.close();
  });

  it('opens chats to the configured phone from the Automata page', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/automata');
    await waitForHeading(page, 'Automata');
    const links = page.locator('main a[href^="https://wa.me/"]');
    const phone = site.contact.chatPhone;
    // While the number is pending in the foundation's data there is no chat button at all (#17).
    if (!phone) assert.equal(await links.count(), 0);
    else {
      assert.ok((await links.count()) >= 2);
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
        assert.ok(href.startsWith(`${chatLink(undefined, phone)}?text=`), href);
      }
      assert.equal(await links.first().getAttribute('target'), '_blank');
    }
    await context.close();
  });

  it('fits a 320 px wide phone without sideways scrolling', async () => {
    const { page, context } = await openPage(browser, { width: 320, height: 640 });
    for (const path of ['/voluntarios', '/empresas', '/pqrsf', '/consultar-solicitud', '/vale-ser/consulta', '/automata']) {
      await page.goto(path);
      await waitForHeading(page);
      await page.locator('main form, main .callout').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${path} se desborda ${overflow}px`);
    }
    await context.close();
  });
});
