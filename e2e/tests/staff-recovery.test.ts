// Staff accounts that recover (#28), against the identity emulator: a member who lost their phone is reset by an admin
// from the team page (1366 px) and enrols a new authenticator at their next sign-in (390 px); the old one no longer
// opens the panel. A forgotten password is reset from the door with a code from the mailbox.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { totpCode } from 'shared/server/totp';
import { axeViolations } from '../support/axe';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';
import {
  acceptInvitationByApi,
  expectFocusOn,
  firstAdmin,
  mailMatching,
  newStaffMember,
  submitStaffPassword,
  submitTotp,
} from '../support/staff';

const stamp = Date.now();
const memberEmail = `sin-celular-${stamp}@fundacion.org`;
const memberName = 'Lucía Sin Celular';
const password = 'Recupera2026';
const newPassword = 'Recuperada2026';

/**
 * Waits for `next` or for the door asking to sign in once more (the account just changed), and says which came.
 */
async function askedOnceMore(page: Page, next: Locator): Promise<boolean> {
  const again = page.getByText('Por seguridad cerramos las sesiones anteriores', { exact: false });
  await again.or(next).first().waitFor({ timeout: 15_000 });
  return again.isVisible();
}

describe('staff accounts that recover (account remote)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('an admin resets the second factor of a colleague who lost their phone, and the colleague enrols again', async () => {
    const link = await newStaffMember(memberEmail, ['atencion'], memberName);
    const oldSecret = await acceptInvitationByApi(link, memberEmail, password, memberName);
    const admin = firstAdmin();

    const desk = await openPage(browser, { width: 1366, height: 900 });
    try {
      await desk.page.goto('/equipo/miembros');
      await submitStaffPassword(desk.page, admin.email, admin.password);
      await submitTotp(desk.page, totpCode(admin.secret));
      await waitForHeading(desk.page, 'Equipo');
      await desk.page.getByRole('button', { name: `Restablecer verificación en dos pasos de ${memberName}` }).click();
      const dialog = desk.page.getByRole('dialog', { name: 'Restablecer la verificación en dos pasos' });
      await dialog.getByText(`${memberName} (${memberEmail}) ya no podrá entrar`, { exact: false }).waitFor();
      await expectFocusOn(desk.page, 'Cancelar');
      assert.deepEqual(await axeViolations(desk.page), []);
      await dialog.getByRole('button', { name: 'Sí, restablecer' }).click();
      await expectFocusOn(desk.page, new RegExp(`^Restablecimos la verificación en dos pasos de ${memberName}`));
      assert.deepEqual(desk.errors, []);
    } finally {
      await desk.context.close();
    }
    // The colleague is told, with no link and no secret.
    const told = await mailMatching(memberEmail, /(restableció la verificación en dos pasos)/);
    assert.ok(told);

    const phone = await openPage(browser, { width: 390, height: 844 });
    try {
      await phone.page.goto('/equipo');
      // No code asked: the panel opens only the set-up of a new authenticator. A sign-in in the very second of the
      // reset is refused once (sign-in times are whole seconds, and the panel ends every session up to that second).
      const setUp = phone.page.getByRole('heading', { name: 'Configura la verificación en dos pasos' });
      await submitStaffPassword(phone.page, memberEmail, password);
      if (await askedOnceMore(phone.page, setUp)) await submitStaffPassword(phone.page, memberEmail, password);
      await expectFocusOn(phone.page, 'Configura la verificación en dos pasos');
      const typed = phone.page.locator('.staff-secret__value code');
      const newSecret = ((await typed.textContent()) ?? '').replace(/\s+/g, '');
      assert.notEqual(newSecret, oldSecret);
      await submitTotp(phone.page, totpCode(newSecret));
      await phone.page.getByText('la verificación en dos pasos quedó activa').waitFor({ timeout: 15_000 });

      // The lost phone's codes open nothing; the new one does.
      await submitStaffPassword(phone.page, memberEmail, password);
      await submitTotp(phone.page, totpCode(oldSecret));
      await phone.page.getByText('El código no es correcto', { exact: false }).waitFor({ timeout: 15_000 });
      await submitTotp(phone.page, totpCode(newSecret));
      await waitForHeading(phone.page, 'Hoy');

      // A forgotten password, from the door: a code by e-mail, a new password, then password and code again.
      await phone.page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await phone.page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
      await expectFocusOn(phone.page, 'Recupera tu contraseña del panel');
      await phone.page.getByLabel(/^Correo electrónico/).fill(memberEmail);
      await phone.page.getByRole('button', { name: 'Enviar código' }).click();
      await expectFocusOn(phone.page, 'Crea una contraseña nueva');
      assert.deepEqual(await axeViolations(phone.page), []);
      const code = await mailMatching(memberEmail, /Tu código es (\d{6})/);
      await phone.page.getByLabel(/^Código de verificación/).fill(code);
      await phone.page.getByLabel(/^Nueva contraseña/).fill(newPassword);
      await phone.page.getByLabel(/^Confirma la nueva contraseña/).fill(newPassword);
      await phone.page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await phone.page.getByText('Cambiamos tu contraseña', { exact: false }).waitFor({ timeout: 15_000 });
      await submitStaffPassword(phone.page, memberEmail, newPassword);
      await submitTotp(phone.page, totpCode(newSecret));
      // The account changed: the panel ends the sessions from before, and may ask once more.
      if (await askedOnceMore(phone.page, phone.page.locator('main h1', { hasText: 'Hoy' }))) {
        await submitStaffPassword(phone.page, memberEmail, newPassword);
        await submitTotp(phone.page, totpCode(newSecret));
      }
      await waitForHeading(phone.page, 'Hoy');
      assert.deepEqual(phone.errors, []);
    } finally {
      await phone.context.close();
    }
  });
});
