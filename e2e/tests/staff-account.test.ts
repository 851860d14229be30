// The panel's door and the admin screens of the account remote (#13, #26), against the identity emulator: an invited
// admin's first visit from the mailbox (name and password, authenticator set-up from the page's secret, sign-in again
// with the code), the team and the audit on a 390 px phone by keyboard; a visitor's address invited and taken over
// through the link; sign-out and the next sign-in with the code; and a visitor's account turned away.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { totpCode } from 'shared/server/totp';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { confirmedAccount, signIn } from '../support/identity';
import {
  expectFocusOn,
  firstStaffSignIn,
  invitationLinkPattern,
  mailWhere,
  mailMatching,
  newStaffMember,
  submitStaffPassword,
  submitTotp,
} from '../support/staff';

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

  it("an invited admin's first visit from the mailbox, then the team and the audit by keyboard at 390 px", async () => {
    const link = await newStaffMember(adminEmail, ['admin']);
    const { context, page, errors } = await openPage(browser, { width: 390, height: 844 });
    try {
      // The link proves the mailbox: it says what the invitation gives and asks for a name and a password.
      await page.goto(link);
      await expectFocusOn(page, 'Acepta tu invitación al equipo');
      assert.equal(new URL(page.url()).hash, '', 'the token leaves the address bar once read');
      await page.getByText(`como ${adminEmail}, con el rol de Administración`, { exact: false }).waitFor();
      assert.deepEqual(await axeViolations(page), []);
      assert.ok(await noHorizontalScroll(page), 'the invitation fits a 390 px phone');
      await page.getByLabel(/^Tu nombre/).fill('Adriana Admin');
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

      // Every earlier session of the account ended with the set-up: sign in again, now with the code.
      await page.getByText('la verificación en dos pasos quedó activa', { exact: false }).waitFor({ timeout: 15_000 });
      await submitStaffPassword(page, adminEmail, newPassword);
      await submitTotp(page, totpCode(secret, Date.now() + 30_000));

      // In: an admin only sees the team, the audit and the foundation's data (#28); the member's own row cannot be removed.
      await waitForHeading(page, 'Equipo');
      // At 390 px the sections are behind the "Menú del panel" button (#28).
      await page.getByRole('button', { name: 'Menú del panel' }).click();
      assert.deepEqual(await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link').allTextContents(), [
        'Equipo',
        'Auditoría',
        'Datos de la fundación',
      ]);
      await page.keyboard.press('Escape');
      const own = page.getByRole('row', { name: new RegExp(`${adminEmail} \\(tú\\)`) });
      await own.waitFor();
      assert.match((await own.textContent()) ?? '', /Adriana Admin.*Administración.*Activo/);
      assert.equal(await own.getByRole('button', { name: /Retirar/ }).count(), 0);
      assert.deepEqual(await axeViolations(page), []);
      assert.ok(await noHorizontalScroll(page), 'the team screen fits a 390 px phone');

      // Invite by keyboard: the link goes to the invited mailbox only.
      await page.getByLabel(/^Correo de la persona/).fill(inviteeEmail);
      await page.getByLabel(/^Nombre de la persona/).fill('Inés Invitada');
      await page.getByLabel(/^Nombre de la persona/).press('Tab');
      await page.keyboard.press('Space'); // the first role: Atención al ciudadano
      await page.getByRole('button', { name: 'Enviar invitación', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expectFocusOn(page, /^Enviamos la invitación a /);
      const invitation = await mailWhere((m) => m.to === inviteeEmail);
      assert.ok(invitation, 'the invited address got an e-mail');
      assert.match(invitation.text, new RegExp(`${baseUrl}/equipo/invitacion#`));
      assert.doesNotMatch(invitation.text, /Contraseña temporal/);
      const inviteeLink = invitationLinkPattern.exec(invitation.text)?.[1] ?? '';
      const invitedRow = page.getByRole('row', { name: new RegExp(inviteeEmail) });
      await invitedRow.waitFor();
      assert.match((await invitedRow.textContent()) ?? '', /Atención al ciudadano.*Invitación pendiente/);

      // Cancel it behind the confirmation: Escape first, then confirm.
      const cancel = page.getByRole('button', { name: `Cancelar invitación de ${inviteeEmail}` });
      await cancel.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Cancelar la invitación' }).waitFor();
      assert.equal(await focusedText(page), 'Cancelar');
      assert.deepEqual(await axeViolations(page), []);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Cancelar invitación de ${inviteeEmail}`);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Tab');
      assert.equal(await focusedText(page), 'Sí, cancelar la invitación');
      await page.keyboard.press('Enter');
      await expectFocusOn(page, `Cancelamos la invitación de ${inviteeEmail}: su enlace ya no sirve.`);
      // It leaves the team's table, and a cancelled invitation is nobody who left the team: it is listed nowhere.
      await page.getByRole('row', { name: new RegExp(inviteeEmail) }).waitFor({ state: 'detached' });

      // The audit, reached from the panel's navigation (behind "Menú del panel" at 390 px), names the roles of who acted.
      await page.getByRole('button', { name: 'Menú del panel' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'Auditoría' }).focus();
      await page.keyboard.press('Enter');
      await waitForHeading(page, 'Auditoría');
      const invited = page.getByRole('row', { name: new RegExp(`Invitó a una persona al equipo.*${inviteeEmail}`) });
      const removed = page.getByRole('row', { name: new RegExp(`Retiró a una persona del equipo.*${inviteeEmail}`) });
      await invited.waitFor();
      await removed.waitFor();
      assert.match((await removed.textContent()) ?? '', new RegExp(`${adminEmail}Administración`));
      await page.getByLabel('Tipo de acción').selectOption({ label: 'Cambios en el equipo' });
      await invited.waitFor();
      assert.deepEqual(await axeViolations(page), []);
      assert.ok(await noHorizontalScroll(page), 'the audit fits a 390 px phone');
      assert.deepEqual(errors, []);

      // The cancelled link no longer works.
      await page.goto(inviteeLink);
      await page.getByText('Este enlace de invitación no es válido', { exact: false }).waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });

  it("a visitor's address invited to the team: the link takes the account over, then the panel with the code", async () => {
    const visitorPassword = 'Visitante2026';
    await confirmedAccount(visitorEmail, visitorPassword, 'Valeria Visitante');
    const link = await newStaffMember(visitorEmail, ['atencion'], 'Valeria Visitante');
    assert.match(await mailMatching(visitorEmail, /(ya tiene una cuenta en el sitio)/), /ya tiene una cuenta/);
    const { context, page, errors } = await openPage(browser, { width: 390, height: 844 });
    try {
      // Signed in as a visitor on this device, the visitor's session counts for nothing in the panel.
      await signIn(page, { email: visitorEmail, password: visitorPassword });
      await page.goto('/equipo/pqrsf');
      await expectFocusOn(page, 'Esta cuenta no pertenece al equipo');
      // The link says what accepting does to the existing account.
      await page.goto(link);
      await page.getByText('Este correo ya tiene una cuenta en el sitio', { exact: false }).waitFor({ timeout: 15_000 });
      assert.deepEqual(await axeViolations(page), []);
      await page.goto('/equipo/pqrsf');
      await firstStaffSignIn(page, visitorEmail, link, 'Atiende2026x');
      await waitForHeading(page, 'PQRSF');
      // Their sections, behind the menu button at 390 px: "Hoy" and the PQRSF (whose name may carry its count).
      await page.getByRole('button', { name: 'Menú del panel' }).click();
      const sections = page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link');
      assert.deepEqual(await sections.evaluateAll((links) => links.map((a) => a.getAttribute('href'))), ['/equipo/hoy', '/equipo/pqrsf']);
      assert.ok(await noHorizontalScroll(page), 'the inbox fits a 390 px phone');
      // A section of another role says so instead of loading.
      await page.goto('/equipo/donaciones');
      await waitForHeading(page, 'No tienes acceso a esta sección');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
    // The visitor's old password is gone: the account is the invited person's now.
    const check = await openPage(browser, { width: 1280, height: 900 });
    try {
      await check.page.goto('/login');
      await waitForHeading(check.page, 'Ingresa');
      await check.page.locator('main form [name="email"]').fill(visitorEmail);
      await check.page.locator('main form [name="password"]').fill(visitorPassword);
      await check.page.locator('main form [name="password"]').press('Enter');
      await check.page.getByText('Correo o contraseña incorrectos.', { exact: false }).waitFor({ timeout: 15_000 });
    } finally {
      await check.context.close();
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
      await code.fill(totpCode(secret));
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
      await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor({ timeout: 15_000 });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('turns away an account that is not on the team, with a way to sign out', async () => {
    const outsider = `fuera-${stamp}@example.com`;
    await confirmedAccount(outsider, newPassword, 'Otra Persona');
    const { context, page } = await openPage(browser, { width: 390, height: 844 });
    try {
      await page.goto('/equipo/pqrsf');
      await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor({ timeout: 15_000 });
      await submitStaffPassword(page, outsider, newPassword);
      await expectFocusOn(page, 'Esta cuenta no pertenece al equipo');
      assert.deepEqual(await axeViolations(page), []);
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.getByText('Cerraste sesión en el panel.').waitFor();
    } finally {
      await context.close();
    }
  });
});
