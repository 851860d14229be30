// The panel's community inbox (#13), in the composed site against the identity emulator: a team member signs in
// (password + authenticator), finds a volunteer who registered on the site, opens the record, records a contact by
// keyboard, and downloads the CSV, which opens as Excel in Spanish expects (BOM, ';', accents intact, Bogotá dates,
// formulas neutralised).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { readCsv } from 'shared/server/csv-testing';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { expectFocusOn, firstStaffSignIn, newStaffMember } from '../support/staff';

const stamp = Date.now();
const memberEmail = `comunidad-${stamp}@fundacion.org`;
const password = 'PanelSeguro2026';

const volunteer = {
  data_authorization: true,
  volunteer_name: 'Begoña María',
  volunteer_lastname: 'Ibáñez Güell',
  id_type: 'Cédula de ciudadanía',
  id_number: '1.098.765',
  age: '31',
  address: 'Carrera 7 # 12-30, Bogotá',
  phone_number: '3001234567',
  email: `begona-${stamp}@example.com`,
  institution: 'Colegio Ñandú',
  purposes: 'Acompañar a los niños.',
  activities: 'Lectura los sábados.',
};
// A name is letters only (shared/schemas/common.ts); a free-text field still carries what Excel would run.
const formula = { ...volunteer, institution: '=HYPERLINK("http://mal.example","x")', email: `formula-${stamp}@example.com` };

describe('the community inbox (community remote)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('a member finds a volunteer, records a contact by keyboard and downloads the CSV for Excel', async () => {
    for (const body of [volunteer, formula]) {
      const res = await fetch(`${baseUrl}/api/community/volunteers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 201);
    }
    const invitation = await newStaffMember(memberEmail);

    const { context, page, errors } = await openPage(browser, { width: 1280, height: 900 });
    try {
      await page.goto('/equipo/comunidad/voluntarios');
      await firstStaffSignIn(page, memberEmail, invitation, password);

      // The list: counts in the kinds' links, a search by e-mail, the record's row with its status in words.
      await waitForHeading(page, 'Comunidad');
      await page.getByRole('table', { name: /^Voluntarios, del más reciente al más antiguo/ }).waitFor({ timeout: 15_000 });
      // The counts come with their own call, after or before the list: wait for them rather than read the link at once.
      await page.getByRole('link', { name: /^Voluntarios.*\d+ registros? · \d+ sin contactar/ }).waitFor({ timeout: 15_000 });
      assert.deepEqual(await axeViolations(page), []);
      const search = page.getByLabel('Buscar por nombre, correo, documento o institución');
      await search.fill(`begona-${stamp}`);
      await search.press('Enter');
      // Both records carry the name: the searched list is the one without the other record's address.
      await page
        .getByRole('row')
        .filter({ hasText: `formula-${stamp}@example.com` })
        .waitFor({ state: 'detached' });
      const row = page.getByRole('row', { name: /Begoña María Ibáñez Güell/ });
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', /Pendiente/);
      assert.equal(await page.getByRole('row').count(), 2, 'only the searched record (and the header row)');

      // The record, opened by keyboard: every field as filed; a contact recorded with its channel and a note.
      await page.getByRole('link', { name: 'Begoña María Ibáñez Güell' }).focus();
      await page.keyboard.press('Enter');
      await waitForHeading(page, /^Voluntario n\.º \d+$/);
      await page.getByText('Colegio Ñandú').waitFor();
      assert.deepEqual(await axeViolations(page), []);
      await page.getByLabel(/^Canal/).selectOption('telefono');
      await page.getByLabel(/^Nota \(opcional\)/).focus();
      await page.keyboard.type('Llamé a Begoña; empieza el sábado.');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expectFocusOn(page, 'Se guardó el contacto en el historial.');
      await page.getByText(`por ${memberEmail}`, { exact: false }).waitFor();
      assert.deepEqual(await axeViolations(page), []);

      // Back to the list, then the CSV of every volunteer.
      await page.getByRole('link', { name: 'Volver a Voluntarios' }).click();
      await page.getByRole('table').waitFor({ timeout: 15_000 });
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar CSV' }).click()]);
      assert.match(download.suggestedFilename(), /^comunidad-voluntarios-\d{4}-\d{2}-\d{2}\.csv$/);
      await expectFocusOn(page, /^Listo: se descargó comunidad-voluntarios-/);
      const bytes = await readFile((await download.path())!);
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark');
      const [header, ...rows] = readCsv(bytes.toString('utf8').slice(1));
      assert.deepEqual(header!.slice(0, 4), ['Número', 'Fecha de registro', 'Nombres', 'Apellidos']);
      const cell = (r: string[], name: string) => r[header!.indexOf(name)];
      const begona = rows.find((r) => cell(r, 'Correo electrónico') === volunteer.email);
      assert.ok(begona, 'the volunteer is in the file');
      assert.equal(cell(begona, 'Nombres'), 'Begoña María');
      assert.equal(cell(begona, 'Apellidos'), 'Ibáñez Güell');
      assert.equal(cell(begona, 'Institución'), 'Colegio Ñandú');
      assert.match(cell(begona, 'Fecha de registro') ?? '', /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      assert.equal(cell(begona, 'Contactado'), 'Sí');
      assert.equal(cell(begona, 'Contactos y respuestas'), '1');
      const trap = rows.find((r) => cell(r, 'Correo electrónico') === formula.email);
      assert.equal(trap && cell(trap, 'Institución'), `'${formula.institution}`);

      // On a phone the page does not scroll sideways (the table scrolls in its own focusable region).
      await page.setViewportSize({ width: 390, height: 844 });
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the inbox fits a 390 px phone');
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
