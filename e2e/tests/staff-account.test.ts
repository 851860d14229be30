// The panel's door and the admin screens of the account remote (#13), against the identity emulator: an invited
// admin's first sign-in (new password, authenticator set-up from the page's secret), the team and the audit on a
// 390 px phone by keyboard, sign-out and the second sign-in with the authenticator's code, and a visitor turned away.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { totpCode } from 'shared/server/totp';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { expectFocusOn, mailbox, staffDirectory, submitStaffPassword } from '../support/staff';

const stamp = Date.now();
const adminEmail = `admin-${stamp}@fundacion.org`;
const inviteeEmail = `invitada-${stamp}@fundacion.org`;
const visitorEmail = `visitante-${stamp}@example.com`;
const newPassword = 'PanelSeguro2026';

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the panel door and the team screens (account remote)', () => {
  let browser: Browser;
  let secret = '';
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it("an invited admin's first visit: new password, authenticator set-up, then the team and the audit by keyboard at 390 px", async () => {
    const added = await staffDirectory.add(adminEmail, { admin: true });
    assert.ok(added.temporaryPassword);
    const { context, page, errors } = await openPage(browser, { width: 390, height: 844 });
    try {
      await page.goto('/equipo/miembros');
      await waitForHeading(page, 'Panel de la fundación');
      await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor();
      assert.deepEqual(await axeViolations(page), []);

      await submitStaffPassword(page, adminEmail, added.temporaryPassword);
      await expectFocusOn(page, 'Crea tu contraseña');
      await page.getByLabel(/^Nueva contraseña/).fill(newPassword);
      await page.getByLabel(/^Confirma la nueva contraseña/).fill(newPassword);
      await page.getByLabel(/^Confirma la nueva contraseña/).press('Enter');

      // The set-up: a QR code and the same secret typed out, in groups of 4.
      await page.getByRole('img', { name: new RegExp(`Código QR para agregar ${adminEmail}`) }).waitFor({ timeout: 15_000 });
      await expectFocusOn(page, 'Configura la verificación en dos pasos');
      const typed = (await page.locator('.staff-secret__value code').textContent()) ?? '';
      assert.match(typed, /^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      secret = typed.replace(/\s+/g, '');
      const href = (await page.getByRole('link', { name: /Ábrela desde aquí/ }).getAttribute('href')) ?? '';
      assert.ok(href.startsWith('otpauth://totp/Fundaci%C3%B3n%20Tejiendo%20Futuro:'), href);
      assert.equal(new URL(href).searchParams.get('secret'), secret);
      assert.deepEqual(await axeViolations(page), []);
      assert.ok(await noHorizontalScroll(page), 'the set-up fits a 390 px phone');

      await page.getByLabel(/^Código de 6 dígitos/).fill('000000' === totpCode(secret) ? '111111' : '000000');
      await page.getByLabel(/^Código de 6 dígitos/).press('Enter');
      await page.getByText('El código no es correcto o ya cambió.', { exact: false }).waitFor();
      await page.getByLabel(/^Código de 6 dígitos/).fill(totpCode(secret));
      await page.getByLabel(/^Código de 6 dígitos/).press('Enter');

      // In: the team, the member's own row without a remove button.
      await waitForHeading(page, 'Equipo');
      const own = page.getByRole('row', { name: new RegExp(`${adminEmail} \\(tú\\)`) });
      await own.waitFor();
      assert.match((await own.textContent()) ?? '', /Administración.*Configurada/);
      assert.equal(await own.getByRole('button').count(), 0);
      assert.deepEqual(await axeViolations(page), []);
      assert.ok(await noHorizontalScroll(page), 'the team screen fits a 390 px phone');

      // Invite by keyboard: the password goes to the invited mailbox only.
      await page.getByLabel(/^Correo de la persona/).fill(inviteeEmail);
      await page.getByLabel(/^Correo de la persona/).press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expectFocusOn(page, /^Invitamos a /);
      const invitation = (await mailbox()).find((m) => m.to === inviteeEmail);
      assert.ok(invitation, 'the invited address got an e-mail');
      assert.match(invitation.text, /Contraseña temporal: \S{8,}/);
      assert.match(invitation.text, new RegExp(`${baseUrl}/equipo`));
      const invitedRow = page.getByRole('row', { name: new RegExp(inviteeEmail) });
      await invitedRow.waitFor();
      assert.match((await invitedRow.textContent()) ?? '', /Pendiente/);

      // Remove behind the confirmation: Escape first, then confirm.
      const remove = page.getByRole('button', { name: `Retirar a ${inviteeEmail}` });
      await remove.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Retirar del equipo' }).waitFor();
      assert.equal(await focusedText(page), 'Cancelar');
      assert.deepEqual(await axeViolations(page), []);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Retirar a ${inviteeEmail}`);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Tab');
      assert.equal(await focusedText(page), 'Sí, retirar');
      await page.keyboard.press('Enter');
      await expectFocusOn(page, `${inviteeEmail} ya no es parte del equipo.`);
      await page.getByRole('row', { name: new RegExp(inviteeEmail) }).waitFor({ state: 'detached' });

      // The audit, reached from the panel's navigation.
      await page.getByRole('link', { name: 'Auditoría' }).focus();
      await page.keyboard.press('Enter');
      await waitForHeading(page, 'Auditoría');
      const invited = page.getByRole('row', { name: new RegExp(`Invitó a una persona al equipo.*${inviteeEmail}`) });
      const removed = page.getByRole('row', { name: new RegExp(`Retiró a una persona del equipo.*${inviteeEmail}`) });
      await invited.waitFor();
      await removed.waitFor();
      assert.match((await removed.textContent()) ?? '', new RegExp(adminEmail));
      await page.getByLabel('Tipo de acción').selectOption({ label: 'Cambios en el equipo' });
      await invited.waitFor();
      assert.deepEqual(await axeViolations(page), []);
      assert.ok(await noHorizontalScroll(page), 'the audit fits a 390 px phone');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('signing out clears the session; the next sign-in asks for the authenticator code', async () => {
    assert.ok(secret, 'the first test set up the authenticator');
    const { context, page, errors } = await openPage(browser, { width: 1280, height: 900 });
    try {
      await page.goto('/equipo/auditoria');
      await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor({ timeout: 15_000 });
      await submitStaffPassword(page, adminEmail, newPassword);
      await expectFocusOn(page, 'Código de verificación');
      const code = page.getByLabel(/^Código de 6 dígitos/);
      assert.equal(await code.getAttribute('inputmode'), 'numeric');
      assert.equal(await code.getAttribute('autocomplete'), 'one-time-code');
      // The next period's code: the emulator accepts one step either way, and the set-up's code is spent.
      await code.fill(totpCode(secret, Date.now() + 30_000));
      await code.press('Enter');
      await waitForHeading(page, 'Auditoría');

      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.getByText('Cerraste sesión en el panel.').waitFor();
      const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider')));
      assert.deepEqual(stored, [], 'no tokens left on this device');
      await page.reload();
      await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor({ timeout: 15_000 });

      // The visitors' /login cannot take the authenticator's code: it sends a member to the panel instead of failing.
      await page.goto('/login');
      await waitForHeading(page, 'Ingresa');
      await page.locator('main form [name="email"]').fill(adminEmail);
      await page.locator('main form [name="password"]').fill(newPassword);
      await page.locator('main form [name="password"]').press('Enter');
      await page.getByText('Esta cuenta es del equipo de la fundación', { exact: false }).waitFor();
      await page.getByRole('link', { name: 'Ir al panel del equipo' }).click();
      await page.waitForURL('**/equipo/pqrsf');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('turns away an account that is not on the team, with a way to sign out', async () => {
    const client = staffDirectory;
    // A visitor's account: created, then taken out of the team again, so it exists without the group.
    const { temporaryPassword } = await client.add(visitorEmail, { admin: false });
    await client.remove(visitorEmail);
    assert.ok(temporaryPassword);
    const { context, page } = await openPage(browser, { width: 390, height: 844 });
    try {
      await page.goto('/equipo/pqrsf');
      await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor({ timeout: 15_000 });
      await submitStaffPassword(page, visitorEmail, temporaryPassword);
      await expectFocusOn(page, 'Crea tu contraseña');
      await page.getByLabel(/^Nueva contraseña/).fill(newPassword);
      await page.getByLabel(/^Confirma la nueva contraseña/).fill(newPassword);
      await page.getByLabel(/^Confirma la nueva contraseña/).press('Enter');
      await expectFocusOn(page, 'Esta cuenta no pertenece al equipo');
      assert.deepEqual(await axeViolations(page), []);
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.getByText('Cerraste sesión en el panel.').waitFor();
    } finally {
      await context.close();
    }
  });
});
