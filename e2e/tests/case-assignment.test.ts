// Assignment of cases (#32), end to end in the composed site: a lead of Atención assigns a PQRSF to a second member,
// who gets the e-mail with the link to the case and, signed in in her own browser, finds it under "Mis casos"; then the
// lead reassigns two more cases at once from the inbox, and they join the second member's cases; her "Hoy" counts them
// under "Mis casos" and leads to the inbox filtered so.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { expectFocusOn, firstStaffSignIn, mailWhere, newStaffMember } from '../support/staff';

const stamp = Date.now();
const leadEmail = `asigna-${stamp}@fundacion.org`;
const beaEmail = `bea-${stamp}@fundacion.org`;
const password = 'PanelSeguro2026';
// The bulk's two cases share a document number, so the inbox's search shows those two only.
const bulkDocument = `33${String(stamp).slice(-8)}`;

async function file(idNumber: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/community/pqrsf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rol_type: 'Estudiante',
      request_type: 'Petición',
      name: 'Martina',
      lastname: 'Ñáñez',
      id_type: 'Cédula de ciudadanía',
      id_number: idNumber,
      phone_number: '3151112233',
      email: `asignacion-${stamp}@example.com`,
      reviews: 'Necesito la constancia del curso.',
    }),
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { id: string }).id;
}

describe('assigning cases in the panel', () => {
  let browser: Browser;
  let lead: Page;
  let bea: Page;
  let closeAll: () => Promise<void>;
  let errors: string[];
  before(async () => {
    browser = await launchBrowser();
    const leadPage = await openPage(browser, { width: 1280, height: 900 });
    const beaPage = await openPage(browser, { width: 390, height: 844 });
    lead = leadPage.page;
    bea = beaPage.page;
    errors = [];
    lead.on('pageerror', (e) => errors.push(e.message));
    bea.on('pageerror', (e) => errors.push(e.message));
    closeAll = async () => {
      await leadPage.context.close();
      await beaPage.context.close();
    };
    const [leadInvitation, beaInvitation] = await Promise.all([
      newStaffMember(leadEmail, ['atencion'], 'Líder de Atención'),
      newStaffMember(beaEmail, ['atencion'], 'Bea Asignada'),
    ]);
    // Both members set up their access (a member is offered for assignment once active with the second factor).
    await lead.goto('/equipo');
    await firstStaffSignIn(lead, leadEmail, leadInvitation, password);
    await bea.goto('/equipo');
    await firstStaffSignIn(bea, beaEmail, beaInvitation, password);
  });
  after(async () => {
    await closeAll?.();
    await browser?.close();
  });

  it('assigns a PQRSF to a second member, who is e-mailed and finds it under "Mis casos"', async () => {
    const radicado = await file(`32${String(stamp).slice(-8)}`);
    await lead.goto(`/equipo/pqrsf/${radicado}`);
    await waitForHeading(lead, `Solicitud ${radicado}`);
    const card = lead.getByRole('region', { name: 'Asignación' });
    await card.getByText('Sin asignar').waitFor();
    await card.getByRole('button', { name: 'Asignar o reasignar' }).click();
    const select = card.getByLabel(/^Asignar a/);
    await select.locator(`option[value="persona:${beaEmail}"]`).waitFor({ state: 'attached', timeout: 15_000 });
    await select.selectOption(`persona:${beaEmail}`);
    await card.getByLabel(/^Nota para el historial/).fill('Tú conoces el curso.');
    await card.getByRole('button', { name: 'Asignar', exact: true }).click();
    await expectFocusOn(lead, 'Caso asignado a Bea Asignada.');
    await lead
      .getByRole('table', { name: /Cambios de estado/ })
      .getByText('Asignada a Bea Asignada.')
      .waitFor();
    assert.deepEqual(await axeViolations(lead), []);

    const mail = await mailWhere((m) => m.to === beaEmail && m.subject.includes(`Te asignaron el caso PQRSF ${radicado}`));
    assert.ok(mail, 'the assignee was e-mailed');
    assert.ok(mail.text.includes(`/equipo/pqrsf/${radicado}`), 'the e-mail links to the case in the panel');
    assert.ok(!mail.text.includes('Ñáñez') && !mail.text.includes('asignacion-'), 'no petitioner data in the e-mail');

    await bea.goto('/equipo/pqrsf');
    await waitForHeading(bea, 'PQRSF');
    await bea.getByRole('button', { name: 'Mis casos' }).click();
    const link = bea.getByRole('link', { name: new RegExp(`^Abrir la solicitud ${radicado}`) });
    await link.waitFor({ timeout: 15_000 });
    assert.equal(await bea.getByLabel('Asignación').inputValue(), 'mias');
    // On a phone the inbox with its checkboxes fits the screen (the table scrolls inside its region).
    assert.ok(await bea.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the inbox fits a 390 px phone');
    assert.deepEqual(await axeViolations(bea), []);
  });

  it('reassigns two cases at once from the inbox, each with its own history', async () => {
    const first = await file(bulkDocument);
    const second = await file(bulkDocument);
    await lead.goto('/equipo/pqrsf');
    await waitForHeading(lead, 'PQRSF');
    const search = lead.getByLabel(/^Buscar por radicado, nombre, documento o palabras del texto/);
    await search.fill(bulkDocument);
    await search.press('Enter');
    await lead.getByRole('table', { name: /\(2 mostradas\)/ }).waitFor({ timeout: 15_000 });

    const bulk = lead.getByRole('region', { name: 'Reasignar los casos seleccionados' });
    await bulk.getByLabel('Seleccionar todas').check();
    await bulk.getByText('2 casos seleccionados.').waitFor();
    const select = bulk.getByLabel('Asignar a');
    await select.locator(`option[value="persona:${beaEmail}"]`).waitFor({ state: 'attached', timeout: 15_000 });
    await select.selectOption(`persona:${beaEmail}`);
    await bulk.getByRole('button', { name: 'Revisar la reasignación' }).click();
    await expectFocusOn(lead, '¿Reasignar 2 casos a Persona: Bea Asignada?');
    await lead.getByRole('button', { name: 'Sí, reasignar' }).click();
    await expectFocusOn(lead, /^Se reasignaron 2 casos\./);
    assert.deepEqual(await axeViolations(lead), []);

    const told = await mailWhere((m) => m.to === beaEmail && m.subject.includes('Te asignaron 2 casos PQRSF'));
    assert.ok(told && told.text.includes(first) && told.text.includes(second), 'one e-mail names both cases');

    await bea.goto('/equipo/pqrsf?asignacion=mias');
    await waitForHeading(bea, 'PQRSF');
    for (const radicado of [first, second])
      await bea.getByRole('link', { name: new RegExp(`^Abrir la solicitud ${radicado}`) }).waitFor({ timeout: 15_000 });

    // "Hoy", the panel's home, leads her to her own cases with their count: three open PQRSF, and no other kind.
    await bea.goto('/equipo/hoy');
    await waitForHeading(bea, 'Hoy');
    const own = bea.getByRole('region', { name: 'Mis casos' });
    const links = own.getByRole('link');
    await links.first().waitFor({ timeout: 15_000 });
    assert.deepEqual(await links.allTextContents(), ['3 PQRSF abiertas asignadas a ti']);
    assert.deepEqual(await axeViolations(bea), []);
    await links.first().click();
    await waitForHeading(bea, 'PQRSF');
    assert.match(bea.url(), /\/equipo\/pqrsf\?asignacion=mias$/);
    assert.equal(await bea.getByLabel('Asignación').inputValue(), 'mias');
    await bea.getByRole('table', { name: /\(3 mostradas\)/ }).waitFor({ timeout: 15_000 });
    assert.deepEqual(errors, []);
  });
});
