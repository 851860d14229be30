// PQRSF case management in the panel (#13), end to end in the composed site: a petitioner files, a team member signs in
// with password and authenticator code, answers by keyboard; the petitioner's mailbox has the answer and the public
// lookup shows 'Respondida' with the answer and its date. Another case's term is extended (the due date moves and a
// second extension is refused), and the audit has a row for each action.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { isBusinessDay } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { expectFocusOn, firstStaffSignIn, mailWhere, newStaffMember } from '../support/staff';

const stamp = Date.now();
const adminEmail = `pqrsf-admin-${stamp}@fundacion.org`;
const password = 'PanelSeguro2026';
const answer = 'Hola, Martina: adjuntamos tu certificado de notas del módulo 1. Quedamos atentos.';

/** Files a PQRSF through the public API and returns its radicado. */
async function file(email: string, idNumber: string, requestType: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/community/pqrsf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rol_type: 'Estudiante',
      request_type: requestType,
      name: 'Martina',
      lastname: 'Ñáñez',
      id_type: 'Cédula de ciudadanía',
      id_number: idNumber,
      phone_number: '3151112233',
      email,
      reviews: 'Necesito el certificado de notas del módulo 1.',
    }),
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { id: string }).id;
}

/** Opens a case from the inbox by searching its radicado and following its link with the keyboard. */
async function openCase(page: Page, radicado: string) {
  await page.goto('/equipo/pqrsf');
  await waitForHeading(page, 'PQRSF');
  const search = page.getByLabel(/^Buscar por radicado, nombre, documento o palabras del texto/);
  await search.fill(radicado);
  await search.press('Enter');
  const link = page.getByRole('link', { name: new RegExp(`^Abrir la solicitud ${radicado}`) });
  await link.waitFor({ timeout: 15_000 });
  await link.focus();
  await page.keyboard.press('Enter');
  await waitForHeading(page, `Solicitud ${radicado}`);
}

describe('PQRSF cases in the panel', () => {
  let browser: Browser;
  let page: Page;
  let close: () => Promise<void>;
  let errors: string[];
  before(async () => {
    browser = await launchBrowser();
    const opened = await openPage(browser, { width: 1280, height: 900 });
    ({ page, errors } = opened);
    close = () => opened.context.close();
    const invitation = await newStaffMember(adminEmail, true);
    await page.goto('/equipo');
    await firstStaffSignIn(page, adminEmail, invitation, password);
    // Members land on "Hoy" (#28).
    await waitForHeading(page, 'Hoy');
  });
  after(async () => {
    await close?.();
    await browser?.close();
  });

  it('shows a new PQRSF on "Hoy" and in the menu’s count; its line opens the open ones (#28)', async () => {
    const radicado = await file(`hoy-${stamp}@example.com`, `11${String(stamp).slice(-8)}`, 'Queja');
    await page.goto('/equipo/hoy');
    await waitForHeading(page, 'Hoy');
    const open = page.getByRole('link', { name: /^\d+ PQRSF abiertas?$/ });
    await open.waitFor({ timeout: 15_000 });
    const count = Number(((await open.textContent()) ?? '').split(' ')[0]);
    assert.ok(count >= 1, 'the new PQRSF is counted');
    // The menu says the same count beside the section, in words for a screen reader.
    const section = page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /^PQRSF/ });
    assert.match((await section.textContent()) ?? '', new RegExp(`${count}, ${count} por atender`));
    assert.deepEqual(await axeViolations(page), []);
    // The member (Atención, notices on by default) was told by e-mail, with the radicado and no petitioner data.
    const told = await mailWhere((m) => m.to === adminEmail && m.subject.includes(`Nueva PQRSF ${radicado}`));
    assert.ok(told, 'the team member got the new PQRSF by e-mail');
    assert.ok(!told.text.includes(`hoy-${stamp}@example.com`) && !told.text.includes('Ñáñez'), 'no petitioner data in the e-mail');
    await open.click();
    await waitForHeading(page, 'PQRSF');
    await page.getByRole('link', { name: new RegExp(`^Abrir la solicitud ${radicado}`) }).waitFor({ timeout: 15_000 });
  });

  it('answers a request: the petitioner gets it by e-mail and the public lookup shows it with its date', async () => {
    const petitioner = `martina-${stamp}@example.com`;
    const radicado = await file(petitioner, `10${String(stamp).slice(-8)}`, 'Solicitud');
    await openCase(page, radicado);
    await page.getByText('Necesito el certificado de notas del módulo 1.').waitFor();
    assert.deepEqual(await axeViolations(page), []);

    // Responder, by keyboard, behind its confirmation.
    const field = page.getByLabel(/^Respuesta para la persona/);
    await field.focus();
    await page.keyboard.type(answer);
    // Past the optional attachments' file input (#32), to "Revisar y enviar".
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('¿Enviar esta respuesta?').waitFor();
    await expectFocusOn(page, /^¿Enviar esta respuesta\?$|^Sí, enviar la respuesta$|^Seguir editando$/);
    await page.getByRole('button', { name: 'Sí, enviar la respuesta' }).focus();
    await page.keyboard.press('Enter');
    await expectFocusOn(page, 'Respuesta enviada. La solicitud quedó «Respondida».');
    assert.deepEqual(await axeViolations(page), []);
    // On a phone the case, history table included, fits the screen (the table scrolls inside its own region).
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the case fits a 390 px phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    const mail = await mailWhere((m) => m.to === petitioner && m.subject.includes(radicado) && m.text.includes(answer));
    assert.ok(mail, 'the petitioner was sent the answer');

    // The public lookup, in a browser with nobody signed in.
    const visitor = await openPage(browser, { width: 390, height: 844 });
    try {
      await visitor.page.goto(`/consultar-solicitud?radicado=${radicado}`);
      await waitForHeading(visitor.page, 'Consultar solicitud');
      await visitor.page.locator('main form [name="id_number"]').fill(`10${String(stamp).slice(-8)}`);
      await visitor.page.locator('main form').getByRole('button', { name: 'Consultar' }).click();
      const table = visitor.page.locator('table.record-table');
      await table.waitFor();
      const text = (await table.textContent()) ?? '';
      assert.ok(text.includes('Respondida'), text);
      assert.ok(text.includes(answer), text);
      const today = formatLongDate(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date()));
      assert.ok(text.includes(today), `the answer's date (${today}) is shown: ${text}`);
    } finally {
      await visitor.context.close();
    }
  });

  it('extends a term: the due date moves, the petitioner is told, and a second extension is refused', async () => {
    const petitioner = `extension-${stamp}@example.com`;
    const radicado = await file(petitioner, `20${String(stamp).slice(-8)}`, 'Petición');
    await openCase(page, radicado);
    const dateField = page.getByLabel(/^Nueva fecha límite/);
    const max = (await dateField.getAttribute('max')) ?? '';
    assert.match(max, /^\d{4}-\d{2}-\d{2}$/);
    // The latest business day the law allows.
    let chosen = max;
    while (!isBusinessDay(chosen)) chosen = new Date(Date.parse(`${chosen}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await dateField.fill(chosen);
    await page.getByLabel(/^Motivo de la ampliación/).fill('Necesitamos consultar el archivo físico de la sede.');
    await page.getByRole('button', { name: 'Ampliar plazo' }).click();
    await expectFocusOn(page, `Plazo ampliado hasta el ${formatLongDate(chosen)}. Le avisamos a la persona por correo.`);
    await page.getByText(formatLongDate(chosen)).first().waitFor();
    await page.getByText('No disponible:').first().waitFor();
    assert.equal(await page.getByLabel(/^Nueva fecha límite/).count(), 0, 'no second extension is offered');

    const told = await mailWhere((m) => m.to === petitioner && m.text.includes(formatLongDate(chosen)));
    assert.ok(told, 'the petitioner was told the new date');

    // The server refuses a second one too, whatever the browser sends.
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      return key ? localStorage.getItem(key) : null;
    });
    assert.ok(token);
    const again = await fetch(`${baseUrl}/api/community/staff/pqrsf/${radicado}/ampliacion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ dueDate: chosen, reason: 'Otra vez' }),
    });
    assert.ok([409, 422].includes(again.status), `second extension answered ${again.status}`);
  });

  it('leaves an audit row for each action, which an admin reads in the panel', async () => {
    await page.goto('/equipo/auditoria');
    await waitForHeading(page, 'Auditoría');
    for (const action of ['Respondió un caso PQRSF', 'Amplió el plazo de un caso PQRSF']) {
      const row = page.getByRole('row', { name: new RegExp(`${action}.*${adminEmail}|${adminEmail}.*${action}`) });
      await row.first().waitFor({ timeout: 15_000 });
    }
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(errors, []);
  });
});
