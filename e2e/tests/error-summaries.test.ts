// #32's audit, in the composed site: every form sent empty shows one error summary that names each problem once. Each
// public page's forms, the forms of a PQRSF case, a data subject's request and a community record, and those of the
// panel's other screens are sent with nothing filled in: the summary above a form must list distinct messages, and
// there must be one summary, not two. Forms that say what is missing only beside each field (the panel's own kit,
// one-field forms) are passed. Only forms with an empty required field are sent: their check stops the send, so
// nothing is filed or saved (a form without one would act).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { staffRoutes } from '../../site/staff-routes';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { firstStaffSignIn, mailMatching, newStaffMember } from '../support/staff';

const stamp = Date.now();
const adminEmail = `resumen-errores-${stamp}@fundacion.org`;
const password = 'PanelSeguro2026';

/** Public pages with forms anyone can send. */
const publicPages = [
  '/pqrsf',
  '/consultar-solicitud',
  '/voluntarios',
  '/empresas',
  '/vale-ser/consulta',
  '/arte-de-amarte/consulta',
  '/software-custome/software-request',
  '/contribuciones',
  '/register',
  '/datos-personales',
];
// Left out: /login, the identity provider's sign-in, says what is missing beside each field and has no summary.

const post = (path: string, body: Record<string, unknown>) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

interface Sent {
  form: string;
  summaries: number;
  messages: string[];
}

/** The forms of `main` with a required field, by index (their names or labels, for the report). */
const requiredForms = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main form')].flatMap((form, i) =>
      [...form.querySelectorAll<HTMLInputElement>('[required], [aria-required="true"]')].some(
        (field) => 'value' in field && field.value === '' && field.type !== 'checkbox' && field.type !== 'radio',
      ) && form.querySelector('button[type="submit"], button:not([type])')
        ? [{ i, name: form.getAttribute('aria-label') ?? form.querySelector('button[type="submit"]')?.textContent ?? `form ${i}` }]
        : [],
    ),
  );

/** Opens `path`, sends its `i`-th form empty, and reads what the page then says. */
async function sendEmpty(page: Page, path: string, i: number, name: string): Promise<Sent> {
  await page.goto(path);
  await waitForHeading(page);
  // A screen's forms may come after its heading (the case's actions follow its data).
  await page.waitForLoadState('networkidle');
  const form = page.locator('main form').nth(i);
  await form.locator('button[type="submit"], button:not([type])').last().click();
  // The check answers with a summary, or beside the fields only (the panel's kit): wait for either. A form island
  // hydrates for that very click first, which on a loaded machine can take seconds.
  await page
    .locator('main .error-summary, main [aria-invalid="true"]')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  return page.evaluate((name) => {
    const summaries = [...document.querySelectorAll('main .error-summary')];
    return {
      form: name,
      summaries: summaries.length,
      messages: summaries.flatMap((s) => [...s.querySelectorAll('li')].map((li) => li.textContent?.trim() ?? '')),
    };
  }, name);
}

/** Every required form of `path` sent empty: what is wrong with each summary (empty when nothing is). */
async function problemsOf(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await waitForHeading(page);
  // A screen's forms may come after its heading (the case's actions follow its data).
  await page.waitForLoadState('networkidle');
  const problems: string[] = [];
  for (const { i, name } of await requiredForms(page)) {
    const sent = await sendEmpty(page, path, i, name);
    const where = `${path} «${sent.form}»`;
    // Forms of the panel's own kit (useStaffForm) and one-field forms say what is missing beside the field, without
    // a summary: nothing to repeat there.
    if (sent.summaries === 0) continue;
    summarised.push(where);
    if (sent.summaries > 1) problems.push(`${where}: ${sent.summaries} resúmenes de errores`);
    const repeated = sent.messages.filter((m, k) => sent.messages.indexOf(m) !== k);
    if (repeated.length) problems.push(`${where}: repite ${JSON.stringify(repeated)} en ${JSON.stringify(sent.messages)}`);
    if (!sent.messages.length) problems.push(`${where}: un resumen sin mensajes`);
  }
  return problems;
}

/** The forms whose summary was read, so a test can say it read some. */
const summarised: string[] = [];

describe('error summaries after an empty send', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let errors: string[];
  before(async () => {
    browser = await launchBrowser();
    const opened = await openPage(browser, { width: 1366, height: 900 });
    ({ page, errors } = opened);
    close = () => opened.context.close();
  });
  after(async () => {
    await close?.();
    await browser?.close();
  });

  it('lists each problem once in one summary, on every public form', async () => {
    const problems: string[] = [];
    for (const path of publicPages) problems.push(...(await problemsOf(page, path)));
    assert.deepEqual(problems, []);
    // Every public page listed has a form with a summary.
    assert.deepEqual(
      publicPages.filter((path) => !summarised.some((where) => where.startsWith(`${path} `))),
      [],
    );
    assert.deepEqual(errors, []);
  });

  it('lists each problem once in one summary, on the panel’s case and record forms', async () => {
    const pqrsf = await post('/api/community/pqrsf', {
      rol_type: 'Estudiante',
      request_type: 'Petición',
      name: 'Martina',
      lastname: 'Ñáñez',
      id_type: 'Cédula de ciudadanía',
      id_number: `34${String(stamp).slice(-8)}`,
      phone_number: '3151112233',
      email: `resumen-${stamp}@example.com`,
      reviews: 'Necesito la constancia del curso.',
    });
    assert.equal(pqrsf.status, 201);
    const radicado = ((await pqrsf.json()) as { id: string }).id;
    const holder = `resumen-titular-${stamp}@example.com`;
    assert.ok((await post('/api/account/data-requests/codigo', { email: holder })).ok);
    const code = await mailMatching(holder, /Código: (\d{6})/);
    const filed = await post('/api/account/data-requests', {
      kind: 'acceso',
      details: 'Quiero mis datos.',
      name: 'Titular',
      email: holder,
      code,
    });
    assert.equal(filed.status, 201);
    const dataRequest = ((await filed.json()) as { radicado: string }).radicado;

    const volunteer = await post('/api/community/volunteers', {
      data_authorization: true,
      volunteer_name: 'Begoña',
      volunteer_lastname: 'Ibáñez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1.098.765',
      age: '31',
      address: 'Carrera 7 # 12-30, Bogotá',
      phone_number: '3001234567',
      email: `resumen-voluntaria-${stamp}@example.com`,
      purposes: 'Enseñar.',
      activities: 'Lectura los sábados.',
    });
    assert.equal(volunteer.status, 201, await volunteer.clone().text());
    const invitation = await newStaffMember(adminEmail, true, 'Revisora de Formularios');
    await page.goto('/equipo');
    await firstStaffSignIn(page, adminEmail, invitation, password);
    await waitForHeading(page, 'Hoy');
    await page.goto('/equipo/comunidad/voluntarios');
    await waitForHeading(page);
    const record = await page.locator('main table a[href^="/equipo/comunidad/voluntarios/"]').first().getAttribute('href');

    const problems: string[] = [];
    for (const path of [
      `/equipo/pqrsf/${radicado}`,
      `/equipo/datos-personales/${dataRequest}`,
      ...(record ? [new URL(record, baseUrl).pathname] : []),
      '/equipo/inscripciones/nueva',
      ...staffRoutes.map((r) => r.pattern).filter((p) => !p.includes(':') && p !== '/equipo/inscripciones/nueva'),
    ])
      problems.push(...(await problemsOf(page, path)));
    assert.deepEqual(problems, []);
    // The case's answer and the record's forms were among them.
    assert.ok(
      summarised.some((where) => where.startsWith(`/equipo/pqrsf/${radicado} `)),
      summarised.join('\n'),
    );
    assert.ok(
      summarised.some((where) => where.startsWith(`/equipo/datos-personales/${dataRequest} `)),
      summarised.join('\n'),
    );
    assert.ok(
      summarised.some((where) => where.startsWith('/equipo/comunidad/voluntarios/')),
      summarised.join('\n'),
    );
    assert.deepEqual(errors, []);
  });
});
